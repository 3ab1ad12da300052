import type { contentFa } from './content.fa.ts';

// English text of the site's content pages: the same keys as content.fa.ts.
export const contentEn: Record<keyof typeof contentFa, string> = {
  'about.heading.mission': 'Why Darmankar?',
  'about.heading.how': 'How Darmankar works',
  'about.heading.contact': 'Get in touch',
  'about.forSeekers':
    'Job seekers build their resume once, search postings by field, city and type of work, and follow each application.',
  'about.forEmployers':
    'Employers create their organisation’s page, publish postings and review applications through their own hiring steps.',
  'about.contactText': 'A question or a suggestion? The common ones are answered on the FAQ pages;',
  'about.contactLink': 'or send us a message',
  'about.faqSeekers': 'FAQ for job seekers',
  'about.faqEmployers': 'FAQ for employers',

  'blog.intro': 'Guides to resume writing, interviews and the healthcare job market.',
  'blog.readingMinutes': '{minutes} min read',
  'blog.publishedOn': 'Published {date}',
  'blog.updatedOn': 'Updated {date}',
  'blog.by': 'By {author}',
  'blog.categories': 'Categories',
  'blog.allCategories': 'All posts',
  'blog.categoryCount': '{title} ({count})',
  'blog.categoryHeading': 'Posts in “{title}”',
  'blog.postCategories': 'Categories of this post',
  'blog.rss': 'Blog RSS feed',
  'blog.rssTitle': 'Darmankar blog (RSS)',
  'blog.list': 'Posts',
  'blog.pagination': 'Pages of posts',
  'blog.previous': 'Previous page',
  'blog.next': 'Next page',
  'blog.pageOf': 'Page {page} of {pages}',
  'blog.pageN': 'Page {page}',
  'blog.unavailable': 'The blog is not available right now; please come back a little later.',
  'blog.related': 'Related posts',
  'blog.breadcrumbs': 'Breadcrumbs',
  'blog.home': 'Darmankar',
  'blog.backToList': 'Back to the blog',

  'contact.form.heading': 'Send a message',
  'contact.form.intro': 'Your message reaches Darmankar support and we email you our answer.',
  'contact.form.name': 'Full name',
  'contact.form.email': 'Email',
  'contact.form.cellphone': 'Mobile number (optional)',
  'contact.form.cellphoneHint': 'e.g. 09121234567',
  'contact.form.subject': 'Subject',
  'contact.form.message': 'Message',
  'contact.form.messageHint': 'Up to 20,000 characters',
  'contact.form.website': 'Leave this field empty',
  'contact.form.send': 'Send message',
  'contact.form.sending': 'Sending…',
  'contact.form.sent': 'Your message has arrived; we will email you our answer',
  'contact.form.sendAnother': 'Send another message',
  'contact.form.fixErrors': 'Some fields need correcting; each error is shown next to its field.',
  'contact.form.tooMany': 'We have received many messages from you in the past hour. Please send again a little later.',
  'contact.form.failed': 'The message was not sent. Please try again a little later or call support.',
  'contact.form.error.nameRequired': 'Please write your name.',
  'contact.form.error.nameTooLong': 'The name is at most 100 characters.',
  'contact.form.error.emailRequired': 'Please write your email so we can send you our answer.',
  'contact.form.error.emailInvalid': 'This email is not valid; e.g. name@example.com',
  'contact.form.error.cellphoneInvalid': 'A mobile number has 11 digits and starts with 09.',
  'contact.form.error.subjectRequired': 'Please write a subject.',
  'contact.form.error.subjectTooLong': 'The subject is at most 200 characters.',
  'contact.form.error.messageRequired': 'Please write your message.',
  'contact.form.error.messageTooLong': 'The message is at most 20,000 characters.',

  'faq.title': 'Frequently asked questions',
  'faq.jobSeekers.title': 'FAQ for job seekers',
  'faq.jobSeekers.description':
    'Answers to job seekers’ common questions: building a resume, finding postings, applying and following an application.',
  'faq.employers.title': 'FAQ for employers',
  'faq.employers.description':
    'Answers to employers’ common questions: the organisation and its postings, prices, the wallet and reviewing applications.',
  'faq.other': 'Another question?',
  'faq.contactLink': 'Send us a message',
  'faq.otherPageSeekers': 'Questions from employers',
  'faq.otherPageEmployers': 'Questions from job seekers',

  'faq.jobSeekers.q1': 'Does Darmankar cost anything for job seekers?',
  'faq.jobSeekers.a1': 'No. Building a resume, searching postings and applying are free for job seekers.',
  'faq.jobSeekers.q2': 'How do I sign in?',
  'faq.jobSeekers.a2':
    'Enter your mobile number on the login page and we text you a code. Enter the code and you are in; the first time, your account is created. There is no password.',
  'faq.jobSeekers.q3': 'How do I build my resume?',
  'faq.jobSeekers.a3':
    'After signing in, choose “Create resume” and fill in your personal details, education, work history, skills and certificates step by step. Each step is saved on its own and can be edited later.',
  'faq.jobSeekers.q4': 'Can I have my resume as a PDF?',
  'faq.jobSeekers.a4': 'Yes. Download it as a PDF from your resume page; its dates are in the Persian calendar.',
  'faq.jobSeekers.q5': 'How do I find postings that suit me?',
  'faq.jobSeekers.a5':
    'On the job postings page, narrow the list by field, province and city, type of work and a text search. Save the postings you like to find them later under “Saved”.',
  'faq.jobSeekers.q6': 'How do I learn what happened to my application?',
  'faq.jobSeekers.a6':
    'Each application’s status is on your applications page. Whenever the employer moves it to another step you get a notification on Darmankar and, depending on your notification settings, by text or email.',
  'faq.jobSeekers.q7': 'Who sees my resume?',
  'faq.jobSeekers.a7':
    'The employers whose postings you applied to. Resumes are not listed in the sitemap or in search engines’ results.',
  'faq.jobSeekers.q8': 'What is a job alert and how do I set it?',
  'faq.jobSeekers.a8':
    'A job alert tells you when a new posting in your field and city is published. In the notification settings, choose which notifications reach you and how (text, email or only on the site).',
  'faq.jobSeekers.q9': 'Why verify my email?',
  'faq.jobSeekers.a9':
    'Once your email is verified, we send notifications and our answers to your support messages there too. The verification link is sent when you add the email in your account settings.',

  'faq.employers.q1': 'How do I publish a job posting?',
  'faq.employers.a1':
    'Sign in with your mobile number, choose the employer role and create your organisation’s page (hospital, clinic, practice, pharmacy, laboratory …). Then choose “Add posting” in the employers’ panel.',
  'faq.employers.q2': 'How much does a posting cost?',
  'faq.employers.a2':
    'A new employer’s first posting is free. For the next ones you buy one of the packages on the pricing page; all amounts are in toman.',
  'faq.employers.q3': 'How do I pay?',
  'faq.employers.a3':
    'Payments go through a bank gateway. You can also top up the organisation’s wallet and buy packages from its balance.',
  'faq.employers.q4': 'Do I get invoices for my payments?',
  'faq.employers.a4': 'Yes. Each paid order’s invoice is available as a PDF on the organisation’s orders page.',
  'faq.employers.q5': 'Can my colleagues manage postings and applications too?',
  'faq.employers.a5':
    'Yes. In the organisation’s settings, add colleagues as agents by their mobile number and choose which parts (postings, applications, payments) each may use.',
  'faq.employers.q6': 'How do I review the applications I receive?',
  'faq.employers.a6':
    'Each posting has a hiring board: applications sit in the columns of its steps and you move them on or reject them. The applicant is told about every change.',
  'faq.employers.q7': 'Can I change the hiring steps?',
  'faq.employers.a7':
    'Yes. Under “Hiring customisation” in the organisation’s settings, create, name and order your own hiring steps.',
  'faq.employers.q8': 'How long is my posting shown?',
  'faq.employers.a8':
    'A posting stays published for the term of the package bought for it. You can close it, edit it or start a new posting from it at any time.',
  'faq.employers.q9': 'Is our organisation’s page found by search engines?',
  'faq.employers.a9':
    'Yes. The organisation’s public page and its published postings are in Darmankar’s sitemap so search engines find them. The short link /in/… also leads to the organisation’s page.',

  'footer.college': 'Darmankar College',
  'footer.faqSeekers': 'FAQ for job seekers',
  'footer.faqEmployers': 'FAQ for employers',
};

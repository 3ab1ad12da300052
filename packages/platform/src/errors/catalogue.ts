// The one catalogue of every error code a person or an API client can receive.
// Browser-safe: the web app imports it to translate codes into toasts.
// Naming: EXC_<AREA>_<FIELD>_<RULE>. Add a code here before throwing it anywhere.

export interface ExcEntry {
  /** HTTP status the gateway answers with when this code comes first. */
  status: number;
  fa: string;
  en: string;
}

const entries = {
  // General
  EXC_UNKNOWN: {
    status: 500,
    fa: 'خطای ناشناخته‌ای رخ داد. لطفاً دوباره تلاش کنید.',
    en: 'Something went wrong. Please try again.',
  },
  EXC_BAD_REQUEST: { status: 400, fa: 'درخواست نامعتبر است.', en: 'The request is invalid.' },
  EXC_API_NOT_FOUND: { status: 404, fa: 'این آدرس وجود ندارد.', en: 'This address does not exist.' },
  EXC_PAYLOAD_TOO_LARGE: { status: 413, fa: 'حجم درخواست بیش از حد مجاز است.', en: 'The request is too large.' },
  EXC_HEADERS_TOO_LARGE: {
    status: 431,
    fa: 'نشانی یا سرآیندهای درخواست بیش از حد طولانی است.',
    en: 'The request address or headers are too long.',
  },
  EXC_REQUEST_TIMEOUT: {
    status: 408,
    fa: 'رسیدن درخواست بیش از حد طول کشید. دوباره تلاش کنید.',
    en: 'The request took too long to arrive. Please try again.',
  },
  EXC_TOO_MANY_REQUESTS: {
    status: 429,
    fa: 'تعداد درخواست‌ها بیش از حد مجاز است. کمی بعد دوباره تلاش کنید.',
    en: 'Too many requests. Please try again shortly.',
  },
  EXC_CROSS_SITE_REQUEST_REFUSED: {
    status: 403,
    fa: 'این درخواست فقط از خود سایت پذیرفته می‌شود.',
    en: 'This request is accepted only from the site itself.',
  },
  EXC_SERVICE_UNAVAILABLE: {
    status: 503,
    fa: 'سرویس موقتاً در دسترس نیست. کمی بعد دوباره تلاش کنید.',
    en: 'The service is temporarily unavailable. Please try again shortly.',
  },
  EXC_SERVICE_TIMEOUT: {
    status: 504,
    fa: 'پاسخ سرویس بیش از حد طول کشید. دوباره تلاش کنید.',
    en: 'The service took too long to answer. Please try again.',
  },
  EXC_AUTHORIZATION_FORBIDDEN: {
    status: 403,
    fa: 'شما اجازهٔ انجام این کار را ندارید.',
    en: 'You are not allowed to do this.',
  },

  // Authentication
  EXC_AUTHENTICATION_REQUIRED: {
    status: 401,
    fa: 'برای ادامه وارد حساب کاربری خود شوید.',
    en: 'Please log in to continue.',
  },
  EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED: {
    status: 400,
    fa: 'شمارهٔ موبایل را وارد کنید.',
    en: 'Enter your cellphone number.',
  },
  EXC_AUTHENTICATION_CELLPHONE_IS_INVALID: {
    status: 400,
    fa: 'شمارهٔ موبایل معتبر نیست.',
    en: 'The cellphone number is not valid.',
  },
  EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN: {
    status: 409,
    fa: 'این شمارهٔ موبایل متعلق به حساب دیگری است.',
    en: 'This cellphone number belongs to another account.',
  },
  EXC_AUTHENTICATION_CELLPHONE_IS_SAME: {
    status: 400,
    fa: 'شمارهٔ جدید با شمارهٔ فعلی یکی است.',
    en: 'The new number is the same as the current one.',
  },
  EXC_AUTHENTICATION_CODE_ALREADY_SENT: {
    status: 429,
    fa: 'کد تأیید قبلاً ارسال شده است. پس از پایان زمان انتظار دوباره درخواست دهید.',
    en: 'A code was already sent. Ask again when the countdown ends.',
  },
  EXC_AUTHENTICATION_CODE_IS_REQUIRED: {
    status: 400,
    fa: 'کد تأیید را وارد کنید.',
    en: 'Enter the verification code.',
  },
  EXC_AUTHENTICATION_CODE_IS_INVALID: {
    status: 400,
    fa: 'کد تأیید نادرست است.',
    en: 'The verification code is wrong.',
  },
  EXC_AUTHENTICATION_CODE_IS_EXPIRED: {
    status: 400,
    fa: 'کد تأیید منقضی شده است. کد جدید درخواست کنید.',
    en: 'The code has expired. Ask for a new one.',
  },
  EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED: {
    status: 429,
    fa: 'تعداد تلاش‌های نادرست بیش از حد مجاز است. کد جدید درخواست کنید.',
    en: 'Too many wrong attempts. Ask for a new code.',
  },
  EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED: {
    status: 429,
    fa: 'به‌دلیل تلاش‌های نادرست، ورود با این شماره از این دستگاه موقتاً ممکن نیست. بعداً دوباره تلاش کنید.',
    en: 'Too many wrong codes for this number. Please try again later.',
  },
  EXC_AUTHENTICATION_CODE_DAILY_LIMIT: {
    status: 429,
    fa: 'سقف ارسال کد برای این شماره در امروز پر شده است. فردا دوباره تلاش کنید.',
    en: 'This number has had too many codes today. Please try again tomorrow.',
  },
  EXC_AUTHENTICATION_SMS_PAUSED: {
    status: 503,
    fa: 'ارسال پیامک موقتاً متوقف شده است. کمی بعد دوباره تلاش کنید.',
    en: 'Sending text messages is paused for now. Please try again later.',
  },
  EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED: {
    status: 429,
    fa: 'تعداد ایمیل‌های تأیید بیش از حد مجاز است. بعداً دوباره تلاش کنید.',
    en: 'Too many verification emails. Please try again later.',
  },
  EXC_AUTHENTICATION_NEXT_IS_INVALID: {
    status: 400,
    fa: 'مرحلهٔ بعدی ورود نامعتبر است.',
    en: 'The next step is not valid.',
  },
  EXC_AUTHENTICATION_EMAIL_IS_REQUIRED: { status: 400, fa: 'ایمیل را وارد کنید.', en: 'Enter your email address.' },
  EXC_AUTHENTICATION_EMAIL_IS_INVALID: { status: 400, fa: 'ایمیل معتبر نیست.', en: 'The email address is not valid.' },
  EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID: {
    status: 400,
    fa: 'لینک تأیید ایمیل نامعتبر یا منقضی است.',
    en: 'The email verification link is invalid or has expired.',
  },
  EXC_AUTHENTICATION_MESSAGE_NOT_SENT: {
    status: 503,
    fa: 'ارسال پیام ممکن نشد. چند لحظه بعد دوباره تلاش کنید.',
    en: 'The message could not be sent. Please try again in a moment.',
  },

  // Sessions
  EXC_SESSIONS_ACCESS_TOKEN_VALIDITY: { status: 401, fa: 'نشست شما منقضی شده است.', en: 'Your session has expired.' },
  EXC_SESSIONS_ACCESS_TOKEN_INVALID: {
    status: 401,
    fa: 'نشست شما نامعتبر است. دوباره وارد شوید.',
    en: 'Your session is not valid. Please log in again.',
  },
  EXC_SESSIONS_REFRESH_TOKEN_INVALID: {
    status: 401,
    fa: 'نشست شما پایان یافته است. دوباره وارد شوید.',
    en: 'Your session has ended. Please log in again.',
  },
  EXC_SESSIONS_REFRESH_TOKEN_REUSED: {
    status: 401,
    fa: 'برای امنیت حساب، همهٔ نشست‌ها بسته شد. دوباره وارد شوید.',
    en: 'For your safety all sessions were closed. Please log in again.',
  },

  // Pagination
  EXC_PAGINATION_PAGE_IS_INVALID: { status: 400, fa: 'شمارهٔ صفحه نامعتبر است.', en: 'The page number is not valid.' },
  EXC_PAGINATION_PAGE_SIZE_IS_INVALID: {
    status: 400,
    fa: 'اندازهٔ صفحه نامعتبر است.',
    en: 'The page size is not valid.',
  },
  EXC_PAGINATION_ORDER_IS_INVALID: { status: 400, fa: 'ترتیب نمایش نامعتبر است.', en: 'The sort order is not valid.' },

  // Files (the §8 names: invalid mime type, no file, too large, unknown type, cannot remove, already assigned, not found)
  EXC_FILES_NO_FILE: { status: 400, fa: 'فایلی انتخاب نشده است.', en: 'No file was chosen.' },
  EXC_FILES_INVALID_MIME_TYPE: { status: 400, fa: 'نوع فایل مجاز نیست.', en: 'This file type is not allowed.' },
  EXC_FILES_TOO_LARGE: { status: 413, fa: 'حجم فایل بیش از حد مجاز است.', en: 'The file is too large.' },
  EXC_FILES_UNKNOWN_TYPE: { status: 400, fa: 'نوع بارگذاری نامعتبر است.', en: 'Unknown upload type.' },
  EXC_FILES_CANNOT_REMOVE: {
    status: 409,
    fa: 'این فایل در حال استفاده است و قابل حذف نیست.',
    en: 'This file is in use and cannot be removed.',
  },
  EXC_FILES_ALREADY_ASSIGNED: { status: 409, fa: 'این فایل قبلاً استفاده شده است.', en: 'This file is already in use.' },
  EXC_FILES_NOT_FOUND: { status: 404, fa: 'فایل پیدا نشد.', en: 'File not found.' },
  EXC_FILES_NAME_IS_INVALID: { status: 400, fa: 'نام فایل نامعتبر است.', en: 'The file name is not valid.' },
  EXC_FILES_IMAGE_DIMENSIONS_TOO_LARGE: {
    status: 413,
    fa: 'ابعاد تصویر بیش از حد مجاز است.',
    en: 'The image dimensions are too large.',
  },
  EXC_FILES_WIDTH_IS_INVALID: {
    status: 400,
    fa: 'عرض درخواستی تصویر مجاز نیست.',
    en: 'This image width is not offered.',
  },
  EXC_FILES_CATEGORY_MISMATCH: {
    status: 400,
    fa: 'این فایل برای این کاربرد بارگذاری نشده است.',
    en: 'This file was not uploaded for this use.',
  },
  EXC_FILES_LINK_IS_INVALID: { status: 403, fa: 'پیوند فایل نامعتبر است.', en: 'The file link is not valid.' },
  EXC_FILES_LINK_IS_EXPIRED: { status: 410, fa: 'مهلت پیوند فایل تمام شده است.', en: 'The file link has expired.' },

  // Suggestions (the pickers' items: suggestions/list, suggestions/search)
  EXC_SUGGESTIONS_CATEGORY_IS_REQUIRED: {
    status: 400,
    fa: 'دستهٔ پیشنهادها را مشخص کنید.',
    en: 'Name a suggestion category.',
  },
  EXC_SUGGESTIONS_CATEGORY_IS_INVALID: {
    status: 400,
    fa: 'دستهٔ پیشنهادها نامعتبر است.',
    en: 'Unknown suggestion category.',
  },
  EXC_SUGGESTIONS_TEXT_IS_REQUIRED: {
    status: 400,
    fa: 'عبارت جست‌وجو را وارد کنید.',
    en: 'Enter something to search for.',
  },
  EXC_SUGGESTIONS_TEXT_IS_TOO_LONG: {
    status: 400,
    fa: 'عبارت جست‌وجو بیش از حد طولانی است.',
    en: 'The search text is too long.',
  },
  EXC_SUGGESTIONS_TEXT_IS_INVALID: {
    status: 400,
    fa: 'عبارت جست‌وجو نویسه‌های نامعتبر دارد.',
    en: 'The search text contains characters that are not allowed.',
  },

  // Employers (EXC_EMPLOYERS_<FIELD>_<RULE>; EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED and EXC_HIRING_TEMPLATE_NOT_FOUND below)
  EXC_EMPLOYERS_NOT_FOUND: { status: 404, fa: 'کارفرما پیدا نشد.', en: 'Employer not found.' },
  EXC_EMPLOYERS_ACTION_IS_INVALID: { status: 400, fa: 'نوع دسترسی نامعتبر است.', en: 'Unknown access action.' },
  EXC_EMPLOYERS_BRAND_IS_REQUIRED: { status: 400, fa: 'نام تجاری را وارد کنید.', en: 'Enter the brand name.' },
  EXC_EMPLOYERS_BRAND_IS_TOO_LONG: {
    status: 400,
    fa: 'نام تجاری حداکثر ۱۰۰ نویسه است.',
    en: 'The brand name is at most 100 characters.',
  },
  EXC_EMPLOYERS_REGISTERED_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام ثبتی حداکثر ۲۰۰ نویسه است.',
    en: 'The registered name is at most 200 characters.',
  },
  EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID: {
    status: 400,
    fa: 'شناسهٔ ملی یا کد ملی معتبر نیست.',
    en: 'The national id is not valid.',
  },
  EXC_EMPLOYERS_REGISTRATION_NUMBER_IS_INVALID: {
    status: 400,
    fa: 'شمارهٔ ثبت باید فقط رقم و حداکثر ۲۰ رقم باشد.',
    en: 'The registration number must be digits only, at most 20.',
  },
  EXC_EMPLOYERS_MEDICAL_REGISTRATION_NUMBER_IS_INVALID: {
    status: 400,
    fa: 'شمارهٔ نظام پزشکی باید فقط رقم و حداکثر ۱۰ رقم باشد.',
    en: 'The medical council number must be digits only, at most 10.',
  },
  EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_INVALID: {
    status: 400,
    fa: 'تاریخ تأسیس معتبر نیست.',
    en: 'The establishment date is not valid.',
  },
  EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_IN_FUTURE: {
    status: 400,
    fa: 'تاریخ تأسیس نمی‌تواند در آینده باشد.',
    en: 'The establishment date cannot be in the future.',
  },
  EXC_EMPLOYERS_WEBSITE_IS_INVALID: {
    status: 400,
    fa: 'آدرس وب‌سایت باید با http یا https شروع شود.',
    en: 'The website must be an http or https address.',
  },
  EXC_EMPLOYERS_CELLPHONE_IS_INVALID: {
    status: 400,
    fa: 'شمارهٔ موبایل معتبر نیست.',
    en: 'The cellphone number is not valid.',
  },
  EXC_EMPLOYERS_PHONE_IS_INVALID: { status: 400, fa: 'شمارهٔ تلفن معتبر نیست.', en: 'The phone number is not valid.' },
  EXC_EMPLOYERS_CONTACT_EMAIL_IS_INVALID: {
    status: 400,
    fa: 'ایمیل رابط معتبر نیست.',
    en: 'The contact email is not valid.',
  },
  EXC_EMPLOYERS_CONTACT_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام رابط حداکثر ۵۰ نویسه است.',
    en: 'The contact name is at most 50 characters.',
  },
  EXC_EMPLOYERS_ABOUT_IS_TOO_LONG: {
    status: 400,
    fa: 'معرفی حداکثر ۵۰۰۰ نویسه است.',
    en: 'About is at most 5000 characters.',
  },
  EXC_EMPLOYERS_ADDRESS_IS_TOO_LONG: {
    status: 400,
    fa: 'نشانی حداکثر ۵۰۰ نویسه است.',
    en: 'The address is at most 500 characters.',
  },
  EXC_EMPLOYERS_NUMBER_OF_EMPLOYEES_IS_INVALID: {
    status: 400,
    fa: 'تعداد کارکنان نامعتبر است.',
    en: 'The number of employees is not one of the choices.',
  },
  EXC_EMPLOYERS_EMPLOYER_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع کارفرما را از فهرست انتخاب کنید.',
    en: 'Choose the employer type from the list.',
  },
  EXC_EMPLOYERS_INDUSTRY_IS_INVALID: {
    status: 400,
    fa: 'صنعت را از فهرست انتخاب کنید.',
    en: 'Choose the industry from the list.',
  },
  EXC_EMPLOYERS_OWNERSHIP_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع مالکیت را از فهرست انتخاب کنید.',
    en: 'Choose the ownership type from the list.',
  },
  EXC_EMPLOYERS_PROVINCE_IS_INVALID: {
    status: 400,
    fa: 'استان را از فهرست انتخاب کنید.',
    en: 'Choose the province from the list.',
  },
  EXC_EMPLOYERS_CITY_IS_INVALID: {
    status: 400,
    fa: 'شهر را از فهرست شهرهای استان انتخاب‌شده انتخاب کنید.',
    en: 'Choose the city from the cities of the chosen province.',
  },
  EXC_EMPLOYERS_BENEFITS_ARE_INVALID: {
    status: 400,
    fa: 'مزایا نامعتبر است (حداکثر ۳۰ مورد، هر کدام حداکثر ۱۰۰ نویسه).',
    en: 'Benefits are invalid (at most 30, each at most 100 characters).',
  },
  EXC_EMPLOYERS_FILE_ID_IS_INVALID: {
    status: 400,
    fa: 'فایل پیوست نامعتبر است.',
    en: 'An attached file is not valid.',
  },
  EXC_EMPLOYERS_FILTER_IS_INVALID: {
    status: 400,
    fa: 'فیلتر جست‌وجو نامعتبر است.',
    en: 'A search filter is not valid.',
  },
  EXC_EMPLOYERS_AGENT_NOT_FOUND: { status: 404, fa: 'نماینده پیدا نشد.', en: 'Agent not found.' },
  EXC_EMPLOYERS_AGENT_FIRST_NAME_IS_REQUIRED: {
    status: 400,
    fa: 'نام نماینده را وارد کنید.',
    en: "Enter the agent's first name.",
  },
  EXC_EMPLOYERS_AGENT_LAST_NAME_IS_REQUIRED: {
    status: 400,
    fa: 'نام خانوادگی نماینده را وارد کنید.',
    en: "Enter the agent's last name.",
  },
  EXC_EMPLOYERS_AGENT_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام و نام خانوادگی نماینده هر کدام حداکثر ۵۰ نویسه است.',
    en: "The agent's names are at most 50 characters each.",
  },
  EXC_EMPLOYERS_AGENT_TITLE_IS_TOO_LONG: {
    status: 400,
    fa: 'سمت نماینده حداکثر ۱۰۰ نویسه است.',
    en: "The agent's title is at most 100 characters.",
  },
  EXC_EMPLOYERS_AGENT_CELLPHONE_IS_INVALID: {
    status: 400,
    fa: 'شمارهٔ موبایل نماینده معتبر نیست.',
    en: "The agent's cellphone number is not valid.",
  },
  EXC_EMPLOYERS_AGENT_PERMISSIONS_ARE_INVALID: {
    status: 400,
    fa: 'دسترسی‌های نماینده نامعتبر است.',
    en: "The agent's permissions are not valid.",
  },
  EXC_EMPLOYERS_AGENT_IS_DUPLICATE: {
    status: 409,
    fa: 'این شماره قبلاً به‌عنوان نماینده دعوت شده است.',
    en: 'This cellphone is already an agent here.',
  },
  EXC_EMPLOYERS_AGENT_IS_OWNER: {
    status: 400,
    fa: 'مالک کارفرما نمی‌تواند نماینده باشد.',
    en: 'The owner cannot be an agent.',
  },
  EXC_EMPLOYERS_AGENT_CANNOT_CHANGE_OWN_PERMISSIONS: {
    status: 403,
    fa: 'نمی‌توانید دسترسی‌های خودتان را تغییر دهید.',
    en: 'You cannot change your own permissions.',
  },
  EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS: {
    status: 403,
    fa: 'فقط دسترسی‌هایی را می‌توانید بدهید که خودتان دارید؛ دسترسی مدیریت نمایندگان را فقط مالک می‌دهد.',
    en: 'You can grant only permissions you hold; only the owner grants agent management.',
  },
  EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED: {
    status: 400,
    fa: 'نام قالب را وارد کنید.',
    en: 'Enter the template name.',
  },
  EXC_EMPLOYERS_TEMPLATE_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام قالب حداکثر ۱۰۰ نویسه است.',
    en: 'The template name is at most 100 characters.',
  },
  EXC_EMPLOYERS_TEMPLATE_IS_IN_USE: {
    status: 409,
    fa: 'این قالب در آگهی‌ها استفاده شده و قابل حذف نیست.',
    en: 'Job ads use this template; it cannot be deleted.',
  },
  EXC_EMPLOYERS_TEMPLATE_IS_DEFAULT: {
    status: 409,
    fa: 'قالب پیش‌فرض قابل حذف نیست.',
    en: 'The default template cannot be deleted.',
  },
  EXC_EMPLOYERS_STEP_NAME_IS_REQUIRED: { status: 400, fa: 'نام مرحله را وارد کنید.', en: 'Enter the step name.' },
  EXC_EMPLOYERS_STEP_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام مرحله حداکثر ۱۰۰ نویسه است.',
    en: 'The step name is at most 100 characters.',
  },
  EXC_EMPLOYERS_STEP_KIND_IS_INVALID: { status: 400, fa: 'نوع مرحله نامعتبر است.', en: 'The step kind is not valid.' },
  EXC_EMPLOYERS_STEP_NOT_FOUND: { status: 404, fa: 'مرحله پیدا نشد.', en: 'Step not found.' },
  EXC_EMPLOYERS_STEP_IS_IN_USE: {
    status: 409,
    fa: 'درخواست‌هایی در این مرحله هستند؛ قابل حذف نیست.',
    en: 'Applications are at this step; it cannot be deleted.',
  },
  EXC_EMPLOYERS_STEPS_ORDER_IS_INVALID: {
    status: 400,
    fa: 'ترتیب مراحل باید همهٔ مراحل قالب را یک بار داشته باشد.',
    en: 'The new order must list every step of the template once.',
  },

  // Resumes (EXC_RESUMES_<FIELD>_<RULE>; a missing resume is EXC_RESUME_ID_IS_INVALID below)
  EXC_RESUMES_FIRST_NAME_IS_REQUIRED: { status: 400, fa: 'نام را وارد کنید.', en: 'The first name is required.' },
  EXC_RESUMES_FIRST_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام حداکثر ۵۰ نویسه است.',
    en: 'The first name is at most 50 characters.',
  },
  EXC_RESUMES_LAST_NAME_IS_REQUIRED: {
    status: 400,
    fa: 'نام خانوادگی را وارد کنید.',
    en: 'The last name is required.',
  },
  EXC_RESUMES_LAST_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام خانوادگی حداکثر ۵۰ نویسه است.',
    en: 'The last name is at most 50 characters.',
  },
  EXC_RESUMES_EMAIL_IS_INVALID: { status: 400, fa: 'ایمیل معتبر نیست.', en: 'The email address is not valid.' },
  EXC_RESUMES_PHONE_IS_INVALID: { status: 400, fa: 'شمارهٔ تماس معتبر نیست.', en: 'The phone number is not valid.' },
  EXC_RESUMES_BIRTHDAY_IS_INVALID: { status: 400, fa: 'تاریخ تولد معتبر نیست.', en: 'The birthday is not valid.' },
  EXC_RESUMES_BIRTHDAY_IS_IN_FUTURE: {
    status: 400,
    fa: 'تاریخ تولد نمی‌تواند در آینده باشد.',
    en: 'The birthday cannot be in the future.',
  },
  EXC_RESUMES_GENDER_IS_INVALID: { status: 400, fa: 'جنسیت معتبر نیست.', en: 'The gender is not valid.' },
  EXC_RESUMES_MARITAL_STATUS_IS_INVALID: {
    status: 400,
    fa: 'وضعیت تأهل معتبر نیست.',
    en: 'The marital status is not valid.',
  },
  EXC_RESUMES_MILITARY_STATUS_IS_INVALID: {
    status: 400,
    fa: 'وضعیت نظام وظیفه معتبر نیست.',
    en: 'The military service status is not valid.',
  },
  EXC_RESUMES_PROVINCE_IS_INVALID: {
    status: 400,
    fa: 'استان را از فهرست انتخاب کنید.',
    en: 'Choose the province from the list.',
  },
  EXC_RESUMES_CITY_IS_INVALID: {
    status: 400,
    fa: 'شهر را از فهرست شهرهای استان انتخاب‌شده انتخاب کنید.',
    en: 'Choose the city from the cities of the chosen province.',
  },
  EXC_RESUMES_URL_IS_INVALID: {
    status: 400,
    fa: 'نشانی وب‌سایت باید با http یا https شروع شود.',
    en: 'The website must be an http or https address.',
  },
  EXC_RESUMES_JOB_TITLE_IS_REQUIRED: { status: 400, fa: 'عنوان شغلی را وارد کنید.', en: 'The job title is required.' },
  EXC_RESUMES_JOB_TITLE_IS_TOO_LONG: {
    status: 400,
    fa: 'عنوان شغلی حداکثر ۱۰۰ نویسه است.',
    en: 'The job title is at most 100 characters.',
  },
  EXC_RESUMES_ABOUT_IS_TOO_LONG: {
    status: 400,
    fa: 'درباره من حداکثر ۲۰۰۰ نویسه است.',
    en: 'About is at most 2000 characters.',
  },
  EXC_RESUMES_UNIVERSITY_IS_REQUIRED: { status: 400, fa: 'دانشگاه را وارد کنید.', en: 'The university is required.' },
  EXC_RESUMES_UNIVERSITY_IS_TOO_LONG: {
    status: 400,
    fa: 'دانشگاه حداکثر ۱۰۰ نویسه است.',
    en: 'The university is at most 100 characters.',
  },
  EXC_RESUMES_FIELD_OF_STUDY_IS_REQUIRED: {
    status: 400,
    fa: 'رشتهٔ تحصیلی را وارد کنید.',
    en: 'The field of study is required.',
  },
  EXC_RESUMES_FIELD_OF_STUDY_IS_TOO_LONG: {
    status: 400,
    fa: 'رشتهٔ تحصیلی حداکثر ۱۰۰ نویسه است.',
    en: 'The field of study is at most 100 characters.',
  },
  EXC_RESUMES_DEGREE_LEVEL_IS_REQUIRED: {
    status: 400,
    fa: 'مقطع تحصیلی را وارد کنید.',
    en: 'The degree level is required.',
  },
  EXC_RESUMES_DEGREE_LEVEL_IS_INVALID: {
    status: 400,
    fa: 'مقطع تحصیلی را از فهرست انتخاب کنید.',
    en: 'Choose the degree level from the list.',
  },
  EXC_RESUMES_GPA_IS_INVALID: {
    status: 400,
    fa: 'معدل باید عددی بین ۰ تا ۲۰ با حداکثر دو رقم اعشار باشد.',
    en: 'The GPA must be a number from 0 to 20 with at most two decimals.',
  },
  EXC_RESUMES_START_YEAR_IS_REQUIRED: { status: 400, fa: 'سال شروع را وارد کنید.', en: 'The start year is required.' },
  EXC_RESUMES_START_YEAR_IS_INVALID: {
    status: 400,
    fa: 'سال شروع معتبر نیست (سالی چهاررقمی در صد سال اخیر).',
    en: 'The start year is not valid (a four-digit year within the last hundred years).',
  },
  EXC_RESUMES_START_YEAR_IS_IN_FUTURE: {
    status: 400,
    fa: 'سال شروع نمی‌تواند در آینده باشد.',
    en: 'The start year cannot be in the future.',
  },
  EXC_RESUMES_END_YEAR_IS_REQUIRED: { status: 400, fa: 'سال پایان را وارد کنید.', en: 'The end year is required.' },
  EXC_RESUMES_END_YEAR_IS_INVALID: {
    status: 400,
    fa: 'سال پایان معتبر نیست (سالی چهاررقمی در صد سال اخیر).',
    en: 'The end year is not valid (a four-digit year within the last hundred years).',
  },
  EXC_RESUMES_END_YEAR_IS_IN_FUTURE: {
    status: 400,
    fa: 'سال پایان نمی‌تواند در آینده باشد.',
    en: 'The end year cannot be in the future.',
  },
  EXC_RESUMES_COMPANY_NAME_IS_REQUIRED: {
    status: 400,
    fa: 'نام شرکت را وارد کنید.',
    en: 'The company name is required.',
  },
  EXC_RESUMES_COMPANY_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام شرکت حداکثر ۱۰۰ نویسه است.',
    en: 'The company name is at most 100 characters.',
  },
  EXC_RESUMES_INDUSTRY_IS_INVALID: {
    status: 400,
    fa: 'صنعت را از فهرست انتخاب کنید.',
    en: 'Choose the industry from the list.',
  },
  EXC_RESUMES_EMPLOYMENT_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع همکاری را از فهرست انتخاب کنید.',
    en: 'Choose the employment type from the list.',
  },
  EXC_RESUMES_DESCRIPTION_IS_TOO_LONG: {
    status: 400,
    fa: 'توضیحات حداکثر ۲۰۰۰ نویسه است.',
    en: 'The description is at most 2000 characters.',
  },
  EXC_RESUMES_START_DATE_IS_REQUIRED: {
    status: 400,
    fa: 'تاریخ شروع را وارد کنید.',
    en: 'The start date is required.',
  },
  EXC_RESUMES_START_DATE_IS_INVALID: { status: 400, fa: 'تاریخ شروع معتبر نیست.', en: 'The start date is not valid.' },
  EXC_RESUMES_START_DATE_IS_IN_FUTURE: {
    status: 400,
    fa: 'تاریخ شروع نمی‌تواند در آینده باشد.',
    en: 'The start date cannot be in the future.',
  },
  EXC_RESUMES_END_DATE_IS_REQUIRED: { status: 400, fa: 'تاریخ پایان را وارد کنید.', en: 'The end date is required.' },
  EXC_RESUMES_END_DATE_IS_INVALID: { status: 400, fa: 'تاریخ پایان معتبر نیست.', en: 'The end date is not valid.' },
  EXC_RESUMES_END_DATE_IS_IN_FUTURE: {
    status: 400,
    fa: 'تاریخ پایان نمی‌تواند در آینده باشد.',
    en: 'The end date cannot be in the future.',
  },
  EXC_RESUMES_NAME_IS_REQUIRED: { status: 400, fa: 'نام را وارد کنید.', en: 'The name is required.' },
  EXC_RESUMES_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام حداکثر ۱۰۰ نویسه است.',
    en: 'The name is at most 100 characters.',
  },
  EXC_RESUMES_LEVEL_IS_REQUIRED: { status: 400, fa: 'سطح را وارد کنید.', en: 'The level is required.' },
  EXC_RESUMES_LEVEL_IS_INVALID: { status: 400, fa: 'سطح معتبر نیست.', en: 'The level is not valid.' },
  EXC_RESUMES_TITLE_IS_REQUIRED: { status: 400, fa: 'عنوان را وارد کنید.', en: 'The title is required.' },
  EXC_RESUMES_TITLE_IS_TOO_LONG: {
    status: 400,
    fa: 'عنوان حداکثر ۱۰۰ نویسه است.',
    en: 'The title is at most 100 characters.',
  },
  EXC_RESUMES_ISSUED_BY_IS_REQUIRED: { status: 400, fa: 'صادرکننده را وارد کنید.', en: 'The issuer is required.' },
  EXC_RESUMES_ISSUED_BY_IS_TOO_LONG: {
    status: 400,
    fa: 'صادرکننده حداکثر ۱۰۰ نویسه است.',
    en: 'The issuer is at most 100 characters.',
  },
  EXC_RESUMES_LINK_IS_INVALID: {
    status: 400,
    fa: 'پیوند باید با http یا https شروع شود.',
    en: 'The link must be an http or https address.',
  },
  EXC_RESUMES_DURATION_HOURS_IS_INVALID: {
    status: 400,
    fa: 'مدت دوره باید عددی صحیح بین ۱ تا ۱۰۰۰۰ ساعت باشد.',
    en: 'The duration must be a whole number of hours from 1 to 10000.',
  },
  EXC_RESUMES_COMPLETION_DATE_IS_INVALID: {
    status: 400,
    fa: 'تاریخ پایان دوره معتبر نیست.',
    en: 'The completion date is not valid.',
  },
  EXC_RESUMES_COMPLETION_DATE_IS_IN_FUTURE: {
    status: 400,
    fa: 'تاریخ پایان دوره نمی‌تواند در آینده باشد.',
    en: 'The completion date cannot be in the future.',
  },
  EXC_RESUMES_PUBLISHER_IS_TOO_LONG: {
    status: 400,
    fa: 'ناشر حداکثر ۱۰۰ نویسه است.',
    en: 'The publisher is at most 100 characters.',
  },
  EXC_RESUMES_AUTHORS_IS_INVALID: {
    status: 400,
    fa: 'نویسندگان نامعتبر است (حداکثر ۲۰ نفر، هر نام حداکثر ۱۰۰ نویسه).',
    en: 'The authors are invalid (at most 20, each at most 100 characters).',
  },
  EXC_RESUMES_DATE_IS_INVALID: {
    status: 400,
    fa: 'تاریخ انتشار معتبر نیست.',
    en: 'The publication date is not valid.',
  },
  EXC_RESUMES_DATE_IS_IN_FUTURE: {
    status: 400,
    fa: 'تاریخ انتشار نمی‌تواند در آینده باشد.',
    en: 'The publication date cannot be in the future.',
  },
  EXC_RESUMES_END_YEAR_IS_BEFORE_START_YEAR: {
    status: 400,
    fa: 'سال پایان نمی‌تواند پیش از سال شروع باشد.',
    en: 'The end year cannot be before the start year.',
  },
  EXC_RESUMES_END_DATE_IS_BEFORE_START_DATE: {
    status: 400,
    fa: 'تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.',
    en: 'The end date cannot be before the start date.',
  },
  EXC_RESUMES_ALREADY_EXISTS: { status: 409, fa: 'شما پیش‌تر رزومه ساخته‌اید.', en: 'You already have a resume.' },
  EXC_RESUMES_ITEM_NOT_FOUND: {
    status: 404,
    fa: 'این مورد در رزومه پیدا نشد.',
    en: 'This item was not found in the resume.',
  },
  EXC_RESUMES_CUSTOM_RESUME_NOT_FOUND: {
    status: 404,
    fa: 'رزومهٔ پیوستی بارگذاری نشده است.',
    en: 'No custom resume has been uploaded.',
  },

  // Recruitment postings (EXC_RECRUITMENTS_<FIELD>_<RULE>), bookmarks and saved filters (services/recruitment)
  EXC_RECRUITMENTS_NOT_FOUND: {
    status: 404,
    fa: 'آگهی پیدا نشد.',
    en: 'Job posting not found.',
  },
  EXC_RECRUITMENTS_TITLE_IS_REQUIRED: {
    status: 400,
    fa: 'عنوان آگهی را وارد کنید.',
    en: 'Enter the job title.',
  },
  EXC_RECRUITMENTS_TITLE_IS_TOO_LONG: {
    status: 400,
    fa: 'عنوان آگهی حداکثر ۱۵۰ نویسه است.',
    en: 'The job title is at most 150 characters.',
  },
  EXC_RECRUITMENTS_DESCRIPTION_IS_TOO_LONG: {
    status: 400,
    fa: 'شرح آگهی حداکثر ۱۰٬۰۰۰ نویسه است.',
    en: 'The description is at most 10,000 characters.',
  },
  EXC_RECRUITMENTS_JOB_CATEGORY_IS_REQUIRED: {
    status: 400,
    fa: 'دستهٔ شغلی را انتخاب کنید.',
    en: 'Choose the job category.',
  },
  EXC_RECRUITMENTS_JOB_CATEGORY_IS_INVALID: {
    status: 400,
    fa: 'دستهٔ شغلی نامعتبر است.',
    en: 'The job category is not valid.',
  },
  EXC_RECRUITMENTS_EMPLOYMENT_TYPE_IS_REQUIRED: {
    status: 400,
    fa: 'نوع همکاری را انتخاب کنید.',
    en: 'Choose the employment type.',
  },
  EXC_RECRUITMENTS_EMPLOYMENT_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع همکاری نامعتبر است.',
    en: 'The employment type is not valid.',
  },
  EXC_RECRUITMENTS_WORK_TYPE_IS_REQUIRED: {
    status: 400,
    fa: 'نحوهٔ کار (حضوری، دورکاری …) را انتخاب کنید.',
    en: 'Choose the work type.',
  },
  EXC_RECRUITMENTS_WORK_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نحوهٔ کار نامعتبر است.',
    en: 'The work type is not valid.',
  },
  EXC_RECRUITMENTS_GENDER_IS_INVALID: {
    status: 400,
    fa: 'جنسیت نامعتبر است.',
    en: 'The gender is not valid.',
  },
  EXC_RECRUITMENTS_MIN_AGE_IS_INVALID: {
    status: 400,
    fa: 'حداقل سن باید بین ۱۵ تا ۸۰ سال باشد.',
    en: 'The minimum age must be between 15 and 80.',
  },
  EXC_RECRUITMENTS_MAX_AGE_IS_INVALID: {
    status: 400,
    fa: 'حداکثر سن باید بین ۱۵ تا ۸۰ سال باشد.',
    en: 'The maximum age must be between 15 and 80.',
  },
  EXC_RECRUITMENTS_AGE_RANGE_IS_INVALID: {
    status: 400,
    fa: 'حداقل سن باید کمتر از حداکثر سن باشد.',
    en: 'The minimum age must be below the maximum age.',
  },
  EXC_RECRUITMENTS_MIN_SALARY_IS_INVALID: {
    status: 400,
    fa: 'حداقل حقوق باید عددی مثبت به ریال باشد.',
    en: 'The minimum salary must be a positive whole number of rials.',
  },
  EXC_RECRUITMENTS_MAX_SALARY_IS_INVALID: {
    status: 400,
    fa: 'حداکثر حقوق باید عددی مثبت به ریال باشد.',
    en: 'The maximum salary must be a positive whole number of rials.',
  },
  EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID: {
    status: 400,
    fa: 'حداقل حقوق باید کمتر از حداکثر حقوق باشد.',
    en: 'The minimum salary must be below the maximum salary.',
  },
  EXC_RECRUITMENTS_EXPERIENCE_YEARS_IS_INVALID: {
    status: 400,
    fa: 'سابقهٔ کار باید «بدون سابقه» یا ۱ تا ۲۹ سال باشد.',
    en: 'Experience must be none or 1 to 29 years.',
  },
  EXC_RECRUITMENTS_ORGANIZATIONAL_LEVEL_IS_INVALID: {
    status: 400,
    fa: 'سطح سازمانی نامعتبر است.',
    en: 'The organisational level is not valid.',
  },
  EXC_RECRUITMENTS_PROVINCE_IS_REQUIRED: {
    status: 400,
    fa: 'استان را انتخاب کنید.',
    en: 'Choose the province.',
  },
  EXC_RECRUITMENTS_PROVINCE_IS_INVALID: {
    status: 400,
    fa: 'استان نامعتبر است.',
    en: 'The province is not valid.',
  },
  EXC_RECRUITMENTS_CITY_IS_REQUIRED: {
    status: 400,
    fa: 'شهر را انتخاب کنید.',
    en: 'Choose the city.',
  },
  EXC_RECRUITMENTS_CITY_IS_INVALID: {
    status: 400,
    fa: 'شهر نامعتبر است یا در این استان نیست.',
    en: 'The city is not valid or not in this province.',
  },
  EXC_RECRUITMENTS_REGION_IS_TOO_LONG: {
    status: 400,
    fa: 'محله یا منطقه حداکثر ۱۰۰ نویسه است.',
    en: 'The region is at most 100 characters.',
  },
  EXC_RECRUITMENTS_LANGUAGES_IS_INVALID: {
    status: 400,
    fa: 'زبان‌ها نامعتبر است (هر زبان یک بار، با سطح).',
    en: 'The languages are not valid (each once, with a level).',
  },
  EXC_RECRUITMENTS_SKILLS_IS_INVALID: {
    status: 400,
    fa: 'مهارت‌ها نامعتبر است (حداکثر ۵۰، هر یک با سطح و حداکثر ۱۰۰ نویسه).',
    en: 'The skills are not valid (at most 50, each with a level and at most 100 characters).',
  },
  EXC_RECRUITMENTS_EDUCATIONS_IS_INVALID: {
    status: 400,
    fa: 'تحصیلات نامعتبر است.',
    en: 'The educations are not valid.',
  },
  EXC_RECRUITMENTS_WORKING_HOURS_IS_INVALID: {
    status: 400,
    fa: 'ساعات کاری نامعتبر است (روز هفته، ساعت به شکل ۰۸:۰۰، پایان پس از شروع، بدون هم‌پوشانی).',
    en: 'The working hours are not valid (weekday, HH:MM times, end after start, no overlaps).',
  },
  EXC_RECRUITMENTS_BUSINESS_TRAVEL_HOURS_IS_INVALID: {
    status: 400,
    fa: 'ساعات مأموریت کاری باید بین ۰ تا ۷۴۴ باشد.',
    en: 'Business travel hours must be between 0 and 744.',
  },
  EXC_RECRUITMENTS_BENEFITS_IS_INVALID: {
    status: 400,
    fa: 'مزایا نامعتبر است.',
    en: 'The benefits are not valid.',
  },
  EXC_RECRUITMENTS_SHIFT_PATTERNS_IS_INVALID: {
    status: 400,
    fa: 'نوبت کاری نامعتبر است.',
    en: 'The shift patterns are not valid.',
  },
  EXC_RECRUITMENTS_FACILITY_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع مرکز درمانی نامعتبر است.',
    en: 'The facility type is not valid.',
  },
  EXC_RECRUITMENTS_MEDICAL_SPECIALTY_IS_INVALID: {
    status: 400,
    fa: 'تخصص پزشکی نامعتبر است.',
    en: 'The medical specialty is not valid.',
  },
  EXC_RECRUITMENTS_IS_ARCHIVED: {
    status: 409,
    fa: 'این آگهی بایگانی شده است و دیگر تغییر نمی‌کند.',
    en: 'This posting is archived and can no longer change.',
  },
  EXC_RECRUITMENTS_IS_CLOSED: {
    status: 409,
    fa: 'مهلت این آگهی تمام شده است و دیگر تغییر نمی‌کند.',
    en: 'This posting has closed and can no longer change.',
  },
  EXC_RECRUITMENTS_IS_NOT_PUBLISHED: {
    status: 409,
    fa: 'فقط آگهی منتشرشده را می‌توان ویژه کرد.',
    en: 'Only a published posting can be featured.',
  },
  EXC_RECRUITMENTS_FILTER_NAME_IS_REQUIRED: {
    status: 400,
    fa: 'نامی برای فیلتر وارد کنید.',
    en: 'Enter a name for the filter.',
  },
  EXC_RECRUITMENTS_FILTER_NAME_IS_TOO_LONG: {
    status: 400,
    fa: 'نام فیلتر حداکثر ۱۰۰ نویسه است.',
    en: 'The filter name is at most 100 characters.',
  },
  EXC_RECRUITMENTS_FILTER_QUERY_IS_INVALID: {
    status: 400,
    fa: 'فیلتر نامعتبر است.',
    en: 'The filter is not valid.',
  },
  EXC_RECRUITMENTS_FILTER_LIMIT_REACHED: {
    status: 409,
    fa: 'حداکثر ۲۰ فیلتر می‌توانید ذخیره کنید؛ یکی را حذف کنید.',
    en: 'You can save at most 20 filters; delete one first.',
  },
  EXC_RECRUITMENTS_FILTER_NOT_FOUND: {
    status: 404,
    fa: 'فیلتر پیدا نشد.',
    en: 'Saved filter not found.',
  },

  // Job search (docs/search.md): the listing's query, a resume's postings
  EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG: {
    status: 400,
    fa: 'متن جست‌وجو حداکثر ۲۰۰ نویسه است.',
    en: 'The search text is at most 200 characters.',
  },
  EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID: {
    status: 400,
    fa: 'دستهٔ شغلی انتخاب‌شده نامعتبر است.',
    en: 'A chosen job category is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_PROVINCE_IS_INVALID: {
    status: 400,
    fa: 'استان انتخاب‌شده نامعتبر است.',
    en: 'A chosen province is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_CITY_IS_INVALID: {
    status: 400,
    fa: 'شهر انتخاب‌شده نامعتبر است.',
    en: 'A chosen city is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_EMPLOYMENT_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع همکاری انتخاب‌شده نامعتبر است.',
    en: 'A chosen employment type is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_WORK_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نحوهٔ کار انتخاب‌شده نامعتبر است.',
    en: 'A chosen work type is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID: {
    status: 400,
    fa: 'بازهٔ حقوق نامعتبر است.',
    en: 'The salary range is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID: {
    status: 400,
    fa: 'سابقهٔ کار انتخاب‌شده نامعتبر است.',
    en: 'The chosen work experience is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_SHIFT_PATTERN_IS_INVALID: {
    status: 400,
    fa: 'نوبت کاری انتخاب‌شده نامعتبر است.',
    en: 'A chosen shift pattern is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_FACILITY_TYPE_IS_INVALID: {
    status: 400,
    fa: 'نوع مرکز درمانی انتخاب‌شده نامعتبر است.',
    en: 'A chosen facility type is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_MEDICAL_SPECIALTY_IS_INVALID: {
    status: 400,
    fa: 'تخصص انتخاب‌شده نامعتبر است.',
    en: 'A chosen medical specialty is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_EMPLOYER_ID_IS_INVALID: {
    status: 400,
    fa: 'کارفرمای انتخاب‌شده نامعتبر است.',
    en: 'The chosen employer is not valid.',
  },
  EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID: {
    status: 400,
    fa: 'تعداد دسته‌ها باید بین ۱ تا ۵۰ باشد.',
    en: 'The number of categories must be between 1 and 50.',
  },
  EXC_RECRUITMENTS_RESUME_POSTING_KIND_IS_INVALID: {
    status: 400,
    fa: 'نوع فهرست فرصت‌های شغلی نامعتبر است.',
    en: 'The kind of job list is not valid.',
  },

  // Codes the web app reacts to (spec §8); their services come later.
  EXC_RESUME_ID_IS_INVALID: { status: 404, fa: 'ابتدا رزومهٔ خود را بسازید.', en: 'Create your resume first.' },
  EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET: {
    status: 403,
    fa: 'پیش از ثبت آگهی، اطلاعات تکمیلی کارفرما را وارد کنید.',
    en: 'Complete the employer profile before posting an ad.',
  },
  EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED: {
    status: 403,
    fa: 'شما به این بخش از پروفایل کارفرما دسترسی ندارید.',
    en: 'You do not have access to this part of the employer profile.',
  },
  EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED: {
    status: 403,
    fa: 'برای دیدن فرصت‌های شغلی بیشتر وارد شوید.',
    en: 'Log in to see more job opportunities.',
  },
  EXC_HIRING_APPLY_IS_DUPLICATE: {
    status: 409,
    fa: 'قبلاً برای این آگهی درخواست داده‌اید.',
    en: 'You have already applied to this ad.',
  },
  EXC_HIRING_STEP_IS_INVALID: { status: 400, fa: 'مرحلهٔ استخدام نامعتبر است.', en: 'The hiring step is not valid.' },
  EXC_HIRING_TEMPLATE_NOT_FOUND: { status: 404, fa: 'قالب استخدام پیدا نشد.', en: 'Hiring template not found.' },
  EXC_HIRING_PUBLISHER_CANNOT_APPLY: {
    status: 403,
    fa: 'نمی‌توانید برای آگهی خودتان درخواست دهید.',
    en: 'You cannot apply to your own ad.',
  },
  EXC_HIRING_APPLY_NOT_FOUND: { status: 404, fa: 'درخواست پیدا نشد.', en: 'Application not found.' },
  EXC_HIRING_RECRUITMENT_IS_NOT_OPEN: {
    status: 409,
    fa: 'این آگهی دیگر درخواست نمی‌پذیرد.',
    en: 'This ad no longer accepts applications.',
  },
  EXC_HIRING_APPLY_CANNOT_BE_CANCELLED: {
    status: 409,
    fa: 'درخواستی که دربارهٔ آن تصمیم گرفته شده یا لغو شده است، لغو نمی‌شود.',
    en: 'An application that has been decided or cancelled cannot be cancelled.',
  },
  EXC_HIRING_APPLY_VERSION_CONFLICT: {
    status: 409,
    fa: 'این درخواست همین حالا تغییر کرد. صفحه را تازه کنید و دوباره تلاش کنید.',
    en: 'This application has just changed. Refresh and try again.',
  },
  EXC_HIRING_APPLY_IDS_ARE_INVALID: {
    status: 400,
    fa: 'درخواست‌های انتخاب‌شده نامعتبرند (یک تا ۱۰۰ درخواست از همین آگهی).',
    en: 'The chosen applications are not valid (one to 100 applications of this ad).',
  },
  EXC_HIRING_REJECTION_REASON_IS_REQUIRED: {
    status: 400,
    fa: 'دلیل رد را انتخاب کنید.',
    en: 'Choose a reason for the rejection.',
  },
  EXC_HIRING_REJECTION_REASON_IS_INVALID: {
    status: 400,
    fa: 'دلیل رد نامعتبر است.',
    en: 'The rejection reason is not valid.',
  },
  EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED: {
    status: 400,
    fa: 'توضیح رد را بنویسید.',
    en: 'Write a description for the rejection.',
  },
  EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG: {
    status: 400,
    fa: 'توضیح رد حداکثر ۱۰۰۰ نویسه است.',
    en: 'The rejection description is at most 1,000 characters.',
  },
  EXC_HIRING_FILTER_IS_INVALID: {
    status: 400,
    fa: 'فیلتر درخواست‌ها نامعتبر است.',
    en: 'The applications filter is not valid.',
  },
  EXC_HIRING_APPLY_HAS_NO_FILE: {
    status: 404,
    fa: 'این درخواست فایل رزومه ندارد.',
    en: 'This application has no resume file.',
  },
  EXC_ORDERS_PENDING_ORDER_EXISTS: {
    status: 409,
    fa: 'یک سفارش در انتظار پرداخت دارید.',
    en: 'You have an order awaiting payment.',
  },
  EXC_ORDERS_SAME_ORDER_IN_CART: {
    status: 409,
    fa: 'این بسته در سبد خرید شما هست.',
    en: 'This plan is already in your cart.',
  },

  // Billing (docs/billing.md): plans and what was bought, carts and orders, payments and the wallet
  EXC_ORDERS_ORDER_IS_NOT_PENDING: {
    status: 409,
    fa: 'این سفارش پرداخت یا لغو شده است و دیگر تغییر نمی‌کند.',
    en: 'This order has been paid or cancelled and can no longer change.',
  },
  EXC_ORDERS_NOT_FOUND: { status: 404, fa: 'سفارش پیدا نشد.', en: 'Order not found.' },
  EXC_ORDERS_DISCOUNT_CODE_IS_INVALID: {
    status: 422,
    fa: 'کد تخفیف معتبر نیست، منقضی شده یا برای این بسته قابل استفاده نیست.',
    en: 'The discount code is not valid, has expired or does not apply to this plan.',
  },
  EXC_ORDERS_DISCOUNT_CODE_ALREADY_USED: {
    status: 422,
    fa: 'این کد تخفیف فقط برای نخستین خرید هر کارفرما است و شما پیش‌تر از آن یا از خرید اول بهره برده‌اید.',
    en: 'This discount code is for an employer’s first purchase only, and you have already used it or bought before.',
  },
  EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE: {
    status: 409,
    fa: 'صورت‌حساب پس از پرداخت سفارش صادر می‌شود.',
    en: 'The invoice is issued once the order is paid.',
  },
  EXC_ORDERS_DISCOUNT_CODE_IS_REQUIRED: { status: 400, fa: 'کد تخفیف را وارد کنید.', en: 'Enter the discount code.' },
  EXC_ORDERS_ID_IS_INVALID: { status: 400, fa: 'شناسهٔ سفارش نامعتبر است.', en: 'The order id is not valid.' },
  EXC_PRODUCTS_PLAN_NOT_FOUND: { status: 404, fa: 'این بسته پیدا نشد.', en: 'Plan not found.' },
  EXC_PRODUCTS_ALREADY_HAS_RESERVED_PLAN: {
    status: 409,
    fa: 'شما یک بستهٔ فعال و یک بستهٔ رزرو دارید؛ تا پایان بستهٔ فعال نمی‌توانید بستهٔ دیگری بخرید.',
    en: 'You already have an active and a reserved plan; you cannot buy another until the active one ends.',
  },
  EXC_PRODUCTS_ALREADY_HAS_ACTIVE_PLAN: {
    status: 409,
    fa: 'بستهٔ فعلی شما هنوز فعال است؛ بستهٔ رزرو پس از پایان آن فعال می‌شود.',
    en: 'Your current plan is still active; the reserved plan can be activated when it ends.',
  },
  EXC_PRODUCTS_RESERVED_PLAN_NOT_FOUND: { status: 404, fa: 'بستهٔ رزروی ندارید.', en: 'You have no reserved plan.' },
  EXC_PRODUCTS_PURCHASED_PLAN_NOT_FOUND: {
    status: 404,
    fa: 'بستهٔ خریداری‌شده پیدا نشد.',
    en: 'Purchased plan not found.',
  },
  EXC_PRODUCTS_RESOURCE_KIND_IS_INVALID: {
    status: 400,
    fa: 'نوع اعتبار بسته نامعتبر است.',
    en: 'The kind of plan resource is not valid.',
  },
  EXC_PRODUCTS_REFERENCE_IS_INVALID: {
    status: 400,
    fa: 'شناسهٔ مورد استفاده از اعتبار بسته نامعتبر است.',
    en: 'The reference for the plan resource is not valid.',
  },
  EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT: {
    status: 402,
    fa: 'اعتبار بستهٔ شما کافی نیست. برای ادامه بسته بخرید.',
    en: 'Your plan does not have enough credit. Buy a plan to continue.',
  },
  EXC_FINANCE_WALLET_BALANCE_IS_NOT_SUFFICIENT: {
    status: 422,
    fa: 'موجودی کیف پول برای پرداخت این سفارش کافی نیست.',
    en: 'Your wallet balance does not cover this order.',
  },
  EXC_FINANCE_PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    fa: 'درگاه پرداخت در دسترس نیست. چند لحظه بعد دوباره تلاش کنید.',
    en: 'The payment gateway is unavailable. Please try again in a moment.',
  },
  EXC_FINANCE_PAYMENT_NOT_FOUND: { status: 404, fa: 'پرداخت پیدا نشد.', en: 'Payment not found.' },
  EXC_FINANCE_PAYMENT_METHOD_IS_INVALID: {
    status: 400,
    fa: 'روش پرداخت نامعتبر است.',
    en: 'The payment method is not valid.',
  },
  EXC_FINANCE_PAYMENT_STATUS_IS_INVALID: {
    status: 400,
    fa: 'نتیجهٔ بازگشتی درگاه پرداخت نامعتبر است.',
    en: 'The payment gateway returned an invalid status.',
  },
  EXC_FINANCE_SANDBOX_IS_DISABLED: {
    status: 404,
    fa: 'درگاه آزمایشی فعال نیست.',
    en: 'The test payment gateway is not enabled.',
  },
  EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID: {
    status: 422,
    fa: 'مبلغ شارژ کیف پول باید عددی درست و بین کمینه و بیشینهٔ مجاز باشد.',
    en: 'The top-up amount must be a whole number between the allowed minimum and maximum.',
  },
  EXC_FINANCE_PAYMENT_NUMBER_IS_INVALID: {
    status: 400,
    fa: 'شمارهٔ پرداخت نامعتبر است.',
    en: 'The payment number is not valid.',
  },
  EXC_FINANCE_SANDBOX_PAYMENT_ALREADY_DECIDED: {
    status: 409,
    fa: 'برای این پرداخت آزمایشی قبلاً تصمیم گرفته شده است.',
    en: 'This test payment has already been answered.',
  },
  // Notifications (docs/notifications.md)
  EXC_NOTIFICATIONS_NOT_FOUND: { status: 404, fa: 'این اعلان پیدا نشد.', en: 'This notification was not found.' },
  EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID: {
    status: 422,
    fa: 'این تنظیم اعلان را نمی‌توان تغییر داد.',
    en: 'This notification setting cannot be changed.',
  },
  EXC_NOTIFICATIONS_LINK_IS_INVALID: {
    status: 400,
    fa: 'این پیوند به صفحه‌ای از درمان‌کار نمی‌رود.',
    en: 'This link does not lead to a page of the site.',
  },

  // Seo: page metadata, sitemaps, profile links, blog, contact form
  EXC_SEO_PAGE_NOT_FOUND: { status: 404, fa: 'این صفحه پیدا نشد.', en: 'This page was not found.' },
  EXC_SEO_SITEMAP_NOT_FOUND: { status: 404, fa: 'این نقشهٔ سایت پیدا نشد.', en: 'This sitemap was not found.' },
  EXC_SEO_PROFILE_NOT_FOUND: {
    status: 404,
    fa: 'صفحه‌ای با این نشانی پیدا نشد.',
    en: 'No profile was found at this address.',
  },
  EXC_SEO_BLOG_POST_NOT_FOUND: { status: 404, fa: 'این نوشته پیدا نشد.', en: 'This blog post was not found.' },
  EXC_SEO_BLOG_CATEGORY_NOT_FOUND: {
    status: 404,
    fa: 'این دستهٔ بلاگ پیدا نشد.',
    en: 'This blog category was not found.',
  },
  EXC_SEO_BLOG_IMAGE_NOT_FOUND: { status: 404, fa: 'این تصویر پیدا نشد.', en: 'This image was not found.' },
  EXC_SEO_CONTACT_TOO_MANY: {
    status: 429,
    fa: 'از این نشانی پیام‌های زیادی فرستاده شده است. یک ساعت دیگر دوباره تلاش کنید.',
    en: 'Too many messages have been sent from this address. Please try again in an hour.',
  },
} as const satisfies Record<string, ExcEntry>;

export type ExcCode = keyof typeof entries;
export const EXC_CATALOGUE: Readonly<Record<ExcCode, ExcEntry>> = entries;

export function isExcCode(value: string): value is ExcCode {
  return Object.hasOwn(entries, value);
}

export function excText(code: string, locale: 'fa' | 'en' = 'fa'): string {
  return isExcCode(code) ? EXC_CATALOGUE[code][locale] : EXC_CATALOGUE.EXC_UNKNOWN[locale];
}

/** The HTTP status for a list of codes: the first known code decides. */
export function excStatus(codes: readonly string[]): number {
  for (const code of codes) if (isExcCode(code)) return EXC_CATALOGUE[code].status;
  return 500;
}

/** Parses an `exc` header value ("A,B") into codes. */
export function parseExcHeader(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

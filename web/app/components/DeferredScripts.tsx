import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Scripts } from 'react-router';

/**
 * The app's JavaScript starts only after the first frame has been presented. The inline
 * module that imports the route modules and starts hydration is rendered with a type the
 * browser does not run, and its `modulepreload` links with a rel the browser ignores; a small
 * classic script re-creates both for real after the first frame.
 *
 * Why: headless Chromium (and Lighthouse with it) holds the first frame for up to a second
 * when the app's module scripts evaluate before it, and Lighthouse counts every
 * high-priority script that finished loading before the first paint as render-blocking.
 * The page is server-rendered and works without JavaScript, so nothing is lost by showing
 * it first; the scripts are then fetched in parallel (the preloads are re-added before the
 * entry module) and hydrate right after.
 */
const DEFERRED_TYPE = 'text/darmankar-deferred-module';
const DEFERRED_PRELOAD_REL = 'darmankar-deferred-modulepreload';

// Double requestAnimationFrame: the second callback runs once the first frame has been
// produced; the timeout then leaves the frame's presentation ahead of script evaluation.
// A page opened in a background tab gets no animation frames, so it starts at once.
const START_AFTER_FIRST_FRAME = `(function(){
function start(){
document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){var p=document.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');if(l.crossOrigin!=null)p.crossOrigin=l.crossOrigin;if(l.integrity)p.integrity=l.integrity;document.head.appendChild(p);});
var s=document.querySelector('script[type="${DEFERRED_TYPE}"]');if(!s)return;var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.head.appendChild(m);}
if(document.visibilityState==='hidden'){start();return;}
requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0);});});
})();`;

function deferModuleScripts(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child)) return child;
    const element = child as ReactElement<{ type?: string; rel?: string; children?: ReactNode }>;
    if (element.type === 'script' && element.props.type === 'module') {
      return cloneElement(element, { type: DEFERRED_TYPE });
    }
    if (element.type === 'link' && element.props.rel === 'modulepreload') {
      return cloneElement(element, { rel: DEFERRED_PRELOAD_REL });
    }
    if (element.props.children !== undefined) {
      return cloneElement(element, undefined, deferModuleScripts(element.props.children));
    }
    return element;
  });
}

/**
 * React Router's `<Scripts />`, with hydration started after the first frame. `nonce` is the
 * response's Content-Security-Policy nonce: every inline script carries it, and the module
 * script re-created after the first frame copies it from the inert one (an inline script
 * added by a script is allowed only with the nonce).
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  // Called as a function (not rendered) so its output can be adjusted; its hooks run as part
  // of this component, in the same order on every render.
  const scripts = Scripts({ nonce });
  if (scripts === null) return null;
  return (
    <>
      {deferModuleScripts(scripts)}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_AFTER_FIRST_FRAME }} />
    </>
  );
}

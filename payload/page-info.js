// Answers "what is this page?" in one round trip, once the document has loaded (or after 5 s):
// the engine logs it when a page appears or changes. No side effects on the page.
new Promise((resolve) => {
  const describe = () => resolve({
    url: location.href,
    title: document.title,
    readyState: document.readyState,
    visibility: document.visibilityState,
    frames: window.frames.length,
    elements: document.getElementsByTagName('*').length,
  });
  if (document.readyState === 'complete') describe();
  else {
    addEventListener('load', describe, { once: true });
    setTimeout(describe, 5000);
  }
})

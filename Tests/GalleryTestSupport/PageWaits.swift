/// What a page under test awaits instead of pausing: a predicate with a deadline, the next
/// event of a kind, a view's data files drawn. Every probe page gets it (`BrowserEngine`'s
/// harness and `HeadlessChromium.evaluate` add it), so a busy machine makes a test slower,
/// never wrong. A wait that runs out rejects, and the harness reports the reason as the
/// test's failure.
public enum PageWaits {
    public static let script = """
        window.galleryWaitFor = (predicate, what, seconds = 60) => new Promise((resolve, reject) => {
          const deadline = performance.now() + seconds * 1000;
          const check = () => {
            let value;
            try { value = predicate(); } catch (error) { reject(error); return; }
            if (value) resolve(value);
            else if (performance.now() > deadline) reject(new Error('waited ' + seconds + ' s for ' + what));
            else setTimeout(check, 10);
          };
          check();
        });
        window.galleryNextEvent = (target, type, seconds = 60) => new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('waited ' + seconds + ' s for a ' + type + ' event')), seconds * 1000);
          target.addEventListener(type, (event) => { clearTimeout(timer); resolve(event); }, { once: true });
        });
        // A grid or view that draws from data files says aria-busy="true" while any it asked
        // for is loading, and drops it once they are drawn.
        window.galleryDrawn = (element, seconds = 60) =>
          galleryWaitFor(() => element.getAttribute('aria-busy') !== 'true', 'the data files of ' + (element.className || element.tagName), seconds);
        """
}

import TextMetrics

/// The site's stylesheet and script. The text rules (`.caption`, `.comment`, `@font-face`)
/// are generated from the same `TextStyle` values the measurements used.
enum SiteAssets {
    static func stylesheet(geometry: SiteGeometry, textCSS: String, fallbackFaces: [FontFace] = []) -> String {
        let fallbacks = fallbackFaces.sorted { ($0.family, $0.path) < ($1.family, $1.path) }
        let families = (GalleryTextStyles.comment.fonts + fallbacks).map { "\"\($0.family)\"" }.joined(separator: ", ")
        let headingFamilies = (GalleryTextStyles.caption.fonts + fallbacks).map { "\"\($0.family)\"" }.joined(separator: ", ")
        let inner = HTML.px(geometry.innerWidth)
        var css = """
            /* gallery: generated. Positions come from layouts computed before rendering. */
            :root {
              color-scheme: light dark;
              --bg: #f7f6f3; --fg: #1f1d1a; --muted: #6d6860; --card: #e7e4de; --accent: #b4532a; --veil: rgba(20, 18, 16, 0.94);
            }
            @media (prefers-color-scheme: dark) {
              :root { --bg: #141312; --fg: #ebe8e2; --muted: #a39d93; --card: #2a2724; --accent: #e8895c; --veil: rgba(8, 7, 6, 0.96); }
            }
            * { box-sizing: border-box; }
            html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
            body { margin: 0; background: var(--bg); color: var(--fg); font-family: \(families); font-size: 14px; line-height: 20px; }
            a { color: inherit; }
            .site-header { padding: 40px \(HTML.px(geometry.pageMargin))px 20px; text-align: center; }
            .site-header h1 { font-family: \(headingFamilies); font-size: 30px; line-height: 38px; font-weight: 400; margin: 0; letter-spacing: -0.01em; }
            .site-header .meta { margin: 6px 0 0; color: var(--muted); }
            .site-header .home { display: inline-block; margin-bottom: 14px; color: var(--muted); text-decoration: none; }
            .site-header .home:hover { color: var(--accent); }
            .grid { position: relative; margin: 8px auto 56px; width: var(--w); height: var(--h); --columns: 1; --w: \(HTML.px(geometry.width(columns: 1)))px; --h: var(--h1); }
            .cell { position: absolute; left: var(--x); top: var(--y); width: \(inner)px; display: block; color: inherit; text-decoration: none; --x: var(--x1); --y: var(--y1); }
            .cell .photo { display: block; width: \(inner)px; border-radius: 10px; background: var(--card); object-fit: cover; }
            .cell:hover .photo { filter: brightness(1.04); }
            .cell:focus-visible { outline: 2px solid var(--accent); outline-offset: 4px; border-radius: 10px; }
            .cell .annotation { padding: 8px 0 4px; }
            .cell .caption { color: var(--fg); }
            .cell .comment { color: var(--muted); }
            .cell .placeholder { display: flex; align-items: center; justify-content: center; color: var(--muted); }
            .albums { display: grid; grid-template-columns: repeat(auto-fit, \(inner)px); gap: 32px 16px; justify-content: center; margin: 8px auto 56px; padding: 0 \(HTML.px(geometry.pageMargin))px; }
            .album-card { display: block; text-decoration: none; }
            .album-card img, .album-card .placeholder { display: block; width: \(inner)px; height: \(inner)px; object-fit: cover; border-radius: 10px; background: var(--card); }
            .album-card .album-name { display: block; margin-top: 10px; font-family: \(headingFamilies); font-size: 15px; }
            .album-card .album-count { display: block; color: var(--muted); }
            .site-footer { text-align: center; color: var(--muted); padding: 0 16px 40px; font-size: 12px; }
            .lightbox { position: fixed; inset: 0; z-index: 10; background: var(--veil); display: flex; flex-direction: column; align-items: center; justify-content: center; padding: 24px 64px; color: #f2efe9; }
            .lightbox[hidden] { display: none; }
            .lightbox img { max-width: 100%; max-height: calc(100vh - 180px); border-radius: 6px; }
            .lightbox .lightbox-text { max-width: 720px; margin-top: 16px; text-align: center; }
            .lightbox .lightbox-caption { font-family: \(headingFamilies); font-size: 16px; margin: 0 0 6px; }
            .lightbox .lightbox-comment { margin: 0; color: #c9c3b9; white-space: pre-line; }
            .lightbox button { position: absolute; background: none; border: 0; color: inherit; font: 32px/1 system-ui, sans-serif; cursor: pointer; padding: 12px; opacity: 0.8; }
            .lightbox button:hover, .lightbox button:focus-visible { opacity: 1; }
            .lightbox .lightbox-close { top: 12px; right: 16px; }
            .lightbox .lightbox-prev { left: 8px; top: 50%; transform: translateY(-50%); }
            .lightbox .lightbox-next { right: 8px; top: 50%; transform: translateY(-50%); }
            body.lightbox-open { overflow: hidden; }
            .views { display: flex; justify-content: center; flex-wrap: wrap; gap: 4px; margin: 16px 0 0; }
            .views a { padding: 4px 12px; border-radius: 999px; color: var(--muted); text-decoration: none; }
            .views a:hover { color: var(--accent); }
            .views a[aria-current] { background: var(--card); color: var(--fg); }
            .rows { position: relative; margin: 8px auto 56px; width: var(--rw); height: var(--rh); --columns: 1; --rw: \(HTML.px(geometry.justifiedWidth(columns: 1)))px; --rh: var(--ch1); }
            .row-item { position: absolute; display: block; overflow: hidden; border-radius: 6px; background: var(--card); left: var(--x); top: var(--y); width: var(--w); height: var(--h); --x: var(--x1); --y: var(--y1); --w: var(--w1); --h: var(--h1); }
            .row-item img, .row-item .placeholder { display: block; width: 100%; height: 100%; object-fit: cover; }
            .row-item .view-caption { position: absolute; left: 0; right: 0; bottom: 0; padding: 18px 10px 8px; color: #fff; background: linear-gradient(transparent, rgba(0, 0, 0, 0.55)); opacity: 0; transition: opacity 0.15s; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            .row-item:hover .view-caption, .row-item:focus-visible .view-caption { opacity: 1; }
            .row-item:focus-visible, .wheel-item:focus-visible, .carousel-item:focus-visible, .circle-item:focus-visible { outline: 2px solid var(--accent); outline-offset: 3px; }
            .viewport-main { margin: 8px 0 24px; }
            .wheel, .carousel, .circle { position: relative; height: clamp(420px, calc(100vh - 190px), 1400px); container-type: size; }
            .wheel, .carousel { overflow-x: auto; overflow-y: hidden; scroll-snap-type: x mandatory; overscroll-behavior-x: contain; }
            .wheel:focus-visible, .carousel:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
            .snap { position: absolute; top: 0; width: 1px; height: 1px; scroll-snap-align: start; pointer-events: none; }
            .wheel-track { position: relative; height: 100%; width: calc(var(--n) * var(--iw)); min-width: 100%; }
            .wheel-stage { position: sticky; left: 0; width: 100cqw; height: 100cqh; overflow: hidden; }
            .wheel-item, .carousel-item, .circle-item { position: absolute; display: block; width: var(--iw); height: var(--ih); overflow: hidden; border-radius: 10px; background: var(--card); color: #fff; text-decoration: none; box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18); }
            .wheel-item { left: calc(50cqw - var(--iw) / 2); top: calc(50cqh - var(--ih) / 2); transform-origin: var(--origin-x) var(--origin-y); }
            .wheel-item img, .carousel-item img, .circle-item img, .wheel-item .placeholder, .carousel-item .placeholder, .circle-item .placeholder { display: flex; align-items: center; justify-content: center; width: 100%; height: 100%; object-fit: cover; color: var(--muted); }
            .wheel-item .view-caption, .carousel-item .view-caption { position: absolute; left: 0; right: 0; bottom: 0; padding: 22px 12px 10px; background: linear-gradient(transparent, rgba(0, 0, 0, 0.6)); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            .carousel-track { position: relative; height: 100%; width: calc(100cqw - var(--iw) + var(--content)); }
            .carousel-item, .carousel .snap { left: calc(50cqw - var(--iw) / 2 + var(--i) * var(--pitch)); top: calc(50cqh - var(--ih) / 2); }
            .carousel .snap { width: var(--iw); height: var(--ih); scroll-snap-align: center; }
            .circle-item { border-radius: 50%; --r: max(0px, min(100cqw - 2 * var(--inset) - var(--iw), 100cqh - 2 * var(--inset) - var(--ih)) / 2); left: calc(50cqw + var(--r) * cos(var(--a)) - var(--iw) / 2); top: calc(50cqh + var(--r) * sin(var(--a)) - var(--ih) / 2); transition: left 0.3s, top 0.3s; }
            .circle-item .view-caption { display: none; }
            @media (prefers-reduced-motion: reduce) { .circle-item { transition: none; } }

            """
        // One media query per column count: the grid shows that layout, every cell its frame in it.
        for columns in 2 ... max(2, geometry.maximumColumns) where columns <= geometry.maximumColumns {
            css += "@media (min-width: \(HTML.px(geometry.breakpoint(columns: columns)))px) { "
            css += ".grid { --columns: \(columns); --w: \(HTML.px(geometry.width(columns: columns)))px; --h: var(--h\(columns)); } "
            css += ".cell { --x: var(--x\(columns)); --y: var(--y\(columns)); } "
            css += ".rows { --columns: \(columns); --rw: \(HTML.px(geometry.justifiedWidth(columns: columns)))px; --rh: var(--ch\(columns)); } "
            css += ".row-item { --x: var(--x\(columns)); --y: var(--y\(columns)); --w: var(--w\(columns)); --h: var(--h\(columns)); } }\n"
        }
        return css + "\n" + textCSS
    }

    /// The lightbox: large image, caption and full comment, ←/→/Esc. Without it (no script),
    /// each photo is a plain link to the large image. Then the wheel's turn and the carousel's
    /// focus spacing: the engine's formulas (WheelLayout.swift, CarouselLayout.swift) term for
    /// term, so that a browser test can hold them to the engine's numbers.
    static let script = """
        (() => {
          const cells = [...document.querySelectorAll('main a[data-photo-id]')];
          const box = document.querySelector('.lightbox');
          if (!box || cells.length === 0) return;
          const image = box.querySelector('img');
          const caption = box.querySelector('.lightbox-caption');
          const comment = box.querySelector('.lightbox-comment');
          const text = (cell, names) => {
            for (const name of names) { const element = cell.querySelector(name); if (element) return element.textContent; }
            return '';
          };
          let current = -1;
          let opener = null;
          const show = (index) => {
            current = (index + cells.length) % cells.length;
            const cell = cells[current];
            image.src = cell.getAttribute('href');
            image.alt = cell.querySelector('img') ? cell.querySelector('img').alt : '';
            caption.textContent = text(cell, ['.caption', '.view-caption']);
            comment.textContent = text(cell, ['.comment', '.view-comment']);
            box.hidden = false;
            document.body.classList.add('lightbox-open');
            box.focus();
          };
          const hide = () => {
            box.hidden = true;
            image.removeAttribute('src');
            document.body.classList.remove('lightbox-open');
            if (opener) opener.focus();
          };
          cells.forEach((cell, index) => cell.addEventListener('click', (event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            opener = cell;
            show(index);
          }));
          box.querySelector('.lightbox-close').addEventListener('click', hide);
          box.querySelector('.lightbox-prev').addEventListener('click', () => show(current - 1));
          box.querySelector('.lightbox-next').addEventListener('click', () => show(current + 1));
          box.addEventListener('click', (event) => { if (event.target === box) hide(); });
          document.addEventListener('keydown', (event) => {
            if (box.hidden) return;
            if (event.key === 'Escape') hide();
            else if (event.key === 'ArrowLeft') show(current - 1);
            else if (event.key === 'ArrowRight') show(current + 1);
          });
        })();

        // The views' scripts, in a scope of their own like the lightbox's.
        (() => {
        // A vertical mouse wheel turns a horizontal view; snapping then brings it to rest. At
        // either end the page scrolls as usual.
        const scrollSideways = (scroller) => scroller.addEventListener('wheel', (event) => {
          if (Math.abs(event.deltaY) <= Math.abs(event.deltaX) || document.body.classList.contains('lightbox-open')) return;
          const atEnd = event.deltaY > 0 ? scroller.scrollLeft >= scroller.scrollWidth - scroller.clientWidth - 1 : scroller.scrollLeft <= 0;
          if (atEnd) return;
          event.preventDefault();
          scroller.scrollBy({ left: event.deltaY, behavior: 'smooth' });
        }, { passive: false });

        // Runs `place` when the scroller scrolls or resizes. Browsers fire both at most once a
        // frame, just before drawing it, so placing at once is both smooth and current.
        const follow = (scroller, place) => {
          scroller.addEventListener('scroll', place, { passive: true });
          new ResizeObserver(place).observe(scroller);
          place();
        };

        // The wheel (WheelLayout): the offset turns it; items outside ±theta are not drawn.
        document.querySelectorAll('.wheel').forEach((wheel) => {
          const items = [...wheel.querySelectorAll('.wheel-item')];
          const n = items.length;
          const iw = Number(wheel.dataset.itemWidth), ih = Number(wheel.dataset.itemHeight), r = Number(wheel.dataset.radius);
          const anglePerItem = Math.atan(iw / r);
          const angleAtExtreme = n > 0 ? -(n - 1) * anglePerItem : 0;
          follow(wheel, () => {
            const vw = wheel.clientWidth, vh = wheel.clientHeight, offset = wheel.scrollLeft;
            const scrollable = n * iw - vw;
            const angle = scrollable > 0 ? angleAtExtreme * offset / scrollable : 0;
            const viewportSpan = r > vh / 2 ? Math.atan2(vw / 2, r - vh / 2) : Math.PI;
            const itemSpan = r > ih / 2 ? Math.atan2(iw / 2, r - ih / 2) : Math.PI;
            const theta = Math.min(Math.PI, viewportSpan + itemSpan);
            items.forEach((item, index) => {
              const itemAngle = angle + index * anglePerItem;
              let turned = itemAngle % (2 * Math.PI);
              if (turned > Math.PI) turned -= 2 * Math.PI;
              if (turned < -Math.PI) turned += 2 * Math.PI;
              item.style.visibility = theta >= Math.PI || Math.abs(turned) <= theta ? '' : 'hidden';
              item.style.transform = `rotate(${itemAngle}rad)`;
              item.style.zIndex = String(Math.trunc(itemAngle * 1e6));
            });
          });
          scrollSideways(wheel);
        });

        // The carousel (CarouselLayout): cards open space around the one nearest the center.
        document.querySelectorAll('.carousel').forEach((carousel) => {
          const items = [...carousel.querySelectorAll('.carousel-item')];
          const iw = Number(carousel.dataset.itemWidth), spacing = Number(carousel.dataset.spacing);
          const focusedSpacing = Number(carousel.dataset.focusedSpacing);
          // Swift's rounded(): halves away from zero (Math.round sends -0.5 to -0).
          const round = (x) => Math.sign(x) * Math.round(Math.abs(x));
          follow(carousel, () => {
            const vw = carousel.clientWidth;
            // The engine's offset counts from the first card's left edge; the page's scroll
            // position from the left inset's, (vw − iw) / 2 before it.
            const offset = carousel.scrollLeft - (vw - iw) / 2;
            const focused = (vw / 2 + offset - iw / 2) / (iw + spacing);
            const k = round(focused);
            const d = Math.min(Math.abs(focused - (k - 0.5)), Math.abs(focused - (k + 0.5)));
            const amount = (focusedSpacing - spacing) * 2 * d;
            carousel.dataset.focusedIndex = String(focused);
            items.forEach((item, index) => {
              const shift = index === k ? 0 : (index < k ? -amount : amount);
              item.style.transform = `translateX(${shift}px)`;
              item.classList.toggle('focused', index === k);
            });
          });
          scrollSideways(carousel);
        });
        })();

        """
}

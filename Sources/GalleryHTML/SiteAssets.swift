import TextMetrics

/// The site's stylesheet and script. The text rules (`.caption`, `.comment`, `@font-face`)
/// are generated from the same `TextStyle` values the measurements used.
enum SiteAssets {
    static func stylesheet(geometry: SiteGeometry, textCSS: String) -> String {
        let families = GalleryTextStyles.comment.fonts.map { "\"\($0.family)\"" }.joined(separator: ", ")
        let headingFamilies = GalleryTextStyles.caption.fonts.map { "\"\($0.family)\"" }.joined(separator: ", ")
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

            """
        // One media query per column count: the grid shows that layout, every cell its frame in it.
        for columns in 2 ... max(2, geometry.maximumColumns) where columns <= geometry.maximumColumns {
            css += "@media (min-width: \(HTML.px(geometry.breakpoint(columns: columns)))px) { "
            css += ".grid { --columns: \(columns); --w: \(HTML.px(geometry.width(columns: columns)))px; --h: var(--h\(columns)); } "
            css += ".cell { --x: var(--x\(columns)); --y: var(--y\(columns)); } }\n"
        }
        return css + "\n" + textCSS
    }

    /// The lightbox: large image, caption and full comment, ←/→/Esc. Without it (no script),
    /// each cell is a plain link to the large image.
    static let script = """
        (() => {
          const cells = [...document.querySelectorAll('.grid a.cell')];
          const box = document.querySelector('.lightbox');
          if (!box || cells.length === 0) return;
          const image = box.querySelector('img');
          const caption = box.querySelector('.lightbox-caption');
          const comment = box.querySelector('.lightbox-comment');
          let current = -1;
          let opener = null;
          const show = (index) => {
            current = (index + cells.length) % cells.length;
            const cell = cells[current];
            image.src = cell.getAttribute('href');
            image.alt = cell.querySelector('img') ? cell.querySelector('img').alt : '';
            caption.textContent = cell.querySelector('.caption') ? cell.querySelector('.caption').textContent : '';
            comment.textContent = cell.querySelector('.comment') ? cell.querySelector('.comment').textContent : '';
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

        """
}

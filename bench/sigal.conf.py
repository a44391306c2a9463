# sigal's settings for the export benchmark: 400 px thumbnails (as the issue names) and a
# 1600 px large image, like gallery's; everything else sigal's defaults.
thumb_size = (400, 400)
thumb_fit = False
img_size = (1600, 1600)

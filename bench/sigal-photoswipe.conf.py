# sigal's settings for the phone benchmark's peer: the PhotoSwipe 5 theme sigal ships, with
# the export benchmark's sizes (400 px thumbnails, 1600 px images).
theme = "photoswipe"
thumb_size = (400, 400)
thumb_fit = False
img_size = (1600, 1600)

# sigal's settings for the video benchmark (issue 25): web versions as MP4 (sigal's ffmpeg
# command: libx264 at its default preset, CRF 23, AAC), no larger than gallery's renditions
# (1080 on the shorter side: a 1920×1920 box holds 1920×1080 and 1080×1920 alike), posters and
# images sized as in the export benchmark. An H.264 .mp4 within the box is copied, as gallery
# copies it.
video_format = 'mp4'
video_size = (1920, 1920)
thumb_size = (400, 400)
thumb_fit = False
img_size = (1600, 1600)

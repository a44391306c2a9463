-- wrk script: every request asks for a different 1280x2000 viewport of the layout, so the
-- server's response cache almost never helps (the honest figure for scrolling clients).
math.randomseed(42)
request = function()
  local y = math.random(0, 400000)
  return wrk.format("GET", "/api/layout?width=1280&rect=0," .. y .. ",1280,2000")
end

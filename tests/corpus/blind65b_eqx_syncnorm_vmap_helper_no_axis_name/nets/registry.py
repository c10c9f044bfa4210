_ARCHS = {}


def register(name):
  def deco(fn):
    _ARCHS[name] = fn
    return fn
  return deco


def build_model(cfg, key):
  return _ARCHS[cfg.arch](cfg, key)

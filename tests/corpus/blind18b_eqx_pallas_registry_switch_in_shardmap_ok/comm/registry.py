KERNELS = {}


def register(name):
  def deco(fn):
    KERNELS[name] = fn
    return fn
  return deco

STEPS = {}


def register(name, in_specs, out_specs):
  def deco(fn):
    STEPS[name] = (fn, in_specs, out_specs)
    return fn
  return deco

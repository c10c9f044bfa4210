"""Step functions register themselves by name when their module is imported."""
STEP_FNS = {}


def register_step(name, *, axis_name):
    def deco(fn):
        STEP_FNS[name] = (fn, axis_name)
        return fn

    return deco


def get_step(name):
    return STEP_FNS[name]

LAYERS = {}


def register_layer(name):
    def deco(cls):
        LAYERS[name] = cls
        return cls
    return deco


def build_layer(name, *args, **kwargs):
    cls = LAYERS[name]
    if hasattr(cls, "from_config"):
        return cls.from_config(*args, **kwargs)
    return cls(*args, **kwargs)

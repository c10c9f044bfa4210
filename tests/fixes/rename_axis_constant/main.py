import jax

AXES = ("replica", "data")  # every axis the gradient varies over


def global_norm(g):
    return jax.numpy.sqrt(jax.lax.psum(jax.numpy.sum(g * g), AXES))

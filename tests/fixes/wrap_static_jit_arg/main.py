import jax


def step(x, axis, scale):
    return jax.lax.psum(x, axis) * scale


train = jax.jit(step, static_argnums=(1,), static_argnames=("scale",))

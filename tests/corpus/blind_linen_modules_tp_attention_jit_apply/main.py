"""A Linen encoder whose attention layers live in layers.py (psum over their `axis_name`,
default "model"); params come from a plain model.init and the forward is a jitted model.apply."""
import jax
import jax.numpy as jnp

from model import Encoder

model = Encoder()
x = jnp.ones((2, 8, 64))

params = jax.eval_shape(model.init, jax.random.key(0), x)
fwd = jax.jit(model.apply)
fwd.trace(params, x).lower(lowering_platforms=("cuda",))

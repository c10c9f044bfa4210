"""Evaluation entry point for the halo-exchange model: nnx.jit over the whole batch."""
import jax.numpy as jnp
from flax import nnx

from model.halo import HaloMixer, N, D


@nnx.jit
def eval_step(model, x):
    y = model(x)
    return jnp.mean(y ** 2)


model = HaloMixer(nnx.Rngs(0))
x = jnp.ones((N * 64, D))
lowered = eval_step.trace(model, x).lower(lowering_platforms=("tpu",))
print("lowered")

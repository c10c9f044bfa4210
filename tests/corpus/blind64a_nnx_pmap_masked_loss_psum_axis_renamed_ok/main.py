import jax
import jax.numpy as jnp
import optax
from flax import nnx

from model import TokenClassifier
from train import train_step

n_dev = jax.local_device_count()
model = TokenClassifier(vocab=1000, dim=128, num_tags=17, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)

tokens = jax.ShapeDtypeStruct((n_dev, 16, 64), jnp.int32)
tags = jax.ShapeDtypeStruct((n_dev, 16, 64), jnp.int32)
mask = jax.ShapeDtypeStruct((n_dev, 16, 64), jnp.float32)


def run(model, optimizer, tokens, tags, mask):
  return train_step(model, optimizer, tokens, tags, mask)


nnx.jit(run).trace(model, optimizer, tokens, tags, mask).lower(lowering_platforms=("cuda",))

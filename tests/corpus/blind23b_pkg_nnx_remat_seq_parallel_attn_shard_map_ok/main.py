from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import TinyLM

mesh = Mesh(np.array(jax.devices()), ("seq",))


def loss_fn(model, tokens, targets):
  logits = model(tokens)
  return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


@nnx.jit
def train_step(model, optimizer, tokens, targets):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(None, "seq"), P(None, "seq")),
           out_specs=(P(), P()))
  def sharded_grads(model, tokens, targets):
    loss, grads = nnx.value_and_grad(loss_fn)(model, tokens, targets)
    return jax.lax.pmean(loss, "seq"), jax.lax.pmean(grads, "seq")

  loss, grads = sharded_grads(model, tokens, targets)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  model = TinyLM(256, 64, 4, 2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  tokens = jnp.zeros((2, 128), jnp.int32)
  train_step.trace(model, optimizer, tokens, tokens).lower(lowering_platforms=("cuda",))

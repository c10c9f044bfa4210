import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import AXIS, stage_loss

S, M, B, D = 4, 8, 4, 128
mesh = Mesh(np.array(jax.devices()), (AXIS,))
opt = optax.sgd(1e-2)


def loss_and_grads(w, mbs, targets):
  return jax.value_and_grad(stage_loss)(w, mbs, targets, S)


sharded_grads = jax.shard_map(loss_and_grads, mesh=mesh,
                              in_specs=(P(AXIS), P(), P()),
                              out_specs=(P(), P(AXIS)))


@jax.jit
def train_step(w, opt_state, mbs, targets):
  loss, g = sharded_grads(w, mbs, targets)
  updates, opt_state = opt.update(g, opt_state, w)
  return optax.apply_updates(w, updates), opt_state, loss


if __name__ == "__main__":
  w = jnp.zeros((S, D, D))
  mbs = jax.ShapeDtypeStruct((M, B, D), jnp.float32)
  train_step.trace(w, opt.init(w), mbs, mbs).lower(lowering_platforms=("tpu",))

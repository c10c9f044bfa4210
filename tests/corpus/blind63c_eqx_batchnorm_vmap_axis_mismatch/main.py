import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from resnet_block import Net

DATA = "data"


def loss_fn(model, state, x, y):
  # one example per vmap lane; the lanes are the data-parallel batch
  batched = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name=DATA)
  logits, state = batched(x, state)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state


@eqx.filter_jit
def train_step(model, state, opt_state, x, y, tx, sharding):
  x, y = eqx.filter_shard((x, y), sharding)
  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
  updates, opt_state = tx.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
  return eqx.apply_updates(model, updates), state, opt_state, loss


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA,))
  sharding = NamedSharding(mesh, P(DATA))
  model, state = eqx.nn.make_with_state(Net)(key=jax.random.key(0))
  tx = optax.adamw(1e-3)
  opt_state = tx.init(eqx.filter(model, eqx.is_inexact_array))
  params, static = eqx.partition(model, eqx.is_array)

  @jax.jit
  def step(params, state, opt_state, x, y):
    out = train_step(eqx.combine(params, static), state, opt_state, x, y, tx, sharding)
    return eqx.filter(out, eqx.is_array)

  x = jax.ShapeDtypeStruct((64, 3, 32, 32), jnp.float32, sharding=sharding)
  y = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=sharding)
  step.trace(params, state, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

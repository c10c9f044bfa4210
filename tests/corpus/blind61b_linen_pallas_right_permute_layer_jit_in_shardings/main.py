import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from model import ShiftedMix

NUM_DEVICES = 4
mesh = jax.make_mesh((NUM_DEVICES,), ("x",))
model = ShiftedMix(features=128, axis_name="x", num_devices=NUM_DEVICES)

replicated = NamedSharding(mesh, P())
row_sharded = NamedSharding(mesh, P("x"))


def train_step(state, x, y):
  def loss_fn(params):
    pred = state.apply_fn({"params": params}, x)
    return jnp.mean((pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


train_step = jax.jit(
    train_step,
    in_shardings=(replicated, row_sharded, row_sharded),
    out_shardings=(replicated, replicated),
)


def main():
  variables = jax.eval_shape(model.init, jax.random.key(0),
                             jnp.zeros((8, 128), jnp.float32))
  state = jax.eval_shape(
      lambda p: train_state.TrainState.create(apply_fn=model.apply, params=p,
                                              tx=optax.adamw(1e-3)),
      variables["params"])
  x = jax.ShapeDtypeStruct((NUM_DEVICES * 8, 128), jnp.float32)
  train_step.trace(state, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

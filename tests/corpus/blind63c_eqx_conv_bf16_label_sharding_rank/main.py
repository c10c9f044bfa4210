import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DT = jnp.bfloat16


class CNN(eqx.Module):
  layers: list

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.layers = [
        eqx.nn.Conv2d(1, 8, kernel_size=4, dtype=DT, key=k1),
        eqx.nn.MaxPool2d(kernel_size=2),
        jax.nn.relu,
        eqx.nn.Conv2d(8, 16, kernel_size=3, dtype=DT, key=k2),
        jnp.ravel,
        eqx.nn.Linear(16 * 9 * 9, 10, dtype=DT, key=k3),
    ]

  def __call__(self, x):
    x = x.astype(DT)
    for layer in self.layers:
      x = layer(x)
    return x.astype(jnp.float32)


def loss(model, x, y):
  logits = jax.vmap(model)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


optim = optax.adamw(3e-4)


@eqx.filter_jit
def make_step(model, opt_state, x, y, sharding):
  # images are NCHW: split the batch dimension only
  x, y = eqx.filter_shard((x, y), sharding)
  loss_value, grads = eqx.filter_value_and_grad(loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  return eqx.apply_updates(model, updates), opt_state, loss_value


def main():
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  image_sharding = NamedSharding(mesh, P("batch", None, None, None))
  model = CNN(jax.random.PRNGKey(5678))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, opt_state, x, y):
    model, opt_state, l = make_step(eqx.combine(params, static), opt_state, x, y, image_sharding)
    return eqx.filter(model, eqx.is_array), opt_state, l

  x = jax.ShapeDtypeStruct((64, 1, 28, 28), jnp.float32)
  y = jax.ShapeDtypeStruct((64,), jnp.int32)
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

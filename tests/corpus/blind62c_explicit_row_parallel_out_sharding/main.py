"""FSDP + tensor parallelism on an Explicit mesh (JAX "Explicit sharding" guide): weights are
stored sharded over `data` on their input dim and over `model` on their output dim."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard


def init_params(key, d, hidden):
  k1, k2 = jax.random.split(key)
  return {
      "w1": jax.random.normal(k1, (d, hidden)) / jnp.sqrt(d),
      "w2": jax.random.normal(k2, (hidden, d)) / jnp.sqrt(hidden),
  }


def mlp(params, x):
  # FSDP: gather the `data`-sharded dim of each weight right before use
  w1 = reshard(params["w1"], P(None, "model"))
  w2 = reshard(params["w2"], P("model", None))
  h = jax.nn.relu(jnp.dot(x, w1))
  # row-parallel: the contraction over `model` needs an explicit output sharding
  return jnp.dot(h, w2, out_sharding=P("data", None))


def loss_fn(params, x, y):
  return jnp.mean((mlp(params, x) - y) ** 2)


@jax.jit
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return params, loss


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
  with jax.set_mesh(mesh):
    params = init_params(jax.random.key(0), 256, 1024)
    params = {
        "w1": reshard(params["w1"], P("data", "model")),
        "w2": reshard(params["w2"], P("model", "data")),
    }
    x = jax.device_put(jnp.ones((16, 256)), P("data", None))
    y = jax.device_put(jnp.ones((16, 256)), P("data", None))
    train_step.trace(params, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

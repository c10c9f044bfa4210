"""Deep MLP with layers stacked along a leading axis and applied with lax.scan, on an Explicit
mesh: activations are batch-sharded over `data`, weights are sharded over `model`."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

N_LAYERS, D = 6, 512


def init_stack(key, mesh):
  w = jax.random.normal(key, (N_LAYERS, D, D)) / jnp.sqrt(D)
  b = jnp.zeros((N_LAYERS, D))
  w = jax.device_put(w, NamedSharding(mesh, P(None, None, "model")))
  b = jax.device_put(b, NamedSharding(mesh, P(None, "model")))
  return {"w": w, "b": b}


def forward(stack, x):
  def layer(h, p):
    h = jnp.tanh(h @ p["w"] + p["b"])
    return h, None

  h, _ = jax.lax.scan(layer, x, stack)
  return h


@jax.jit
def loss_and_grad(stack, x, y):
  def loss_fn(stack):
    return jnp.mean((forward(stack, x) - y) ** 2)
  return jax.value_and_grad(loss_fn)(stack)


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
  with jax.set_mesh(mesh):
    stack = init_stack(jax.random.key(0), mesh)
    x = jax.device_put(jnp.ones((32, D)), P("data", None))
    y = jax.device_put(jnp.zeros((32, D)), P("data", None))
    loss_and_grad.trace(stack, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

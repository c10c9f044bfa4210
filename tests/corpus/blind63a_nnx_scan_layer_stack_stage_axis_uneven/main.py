import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from encoder import Encoder

CONFIG = dict(n_layers=3, d_model=256, d_ff=1024)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((2, 2), ("stage", "model"), axis_types=(AxisType.Auto,) * 2)
  with jax.set_mesh(mesh):
    model = Encoder(**CONFIG, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    state = jax.device_put(state, nnx.get_named_sharding(state, mesh))
    nnx.update(model, state)
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

    x = jax.ShapeDtypeStruct((32, CONFIG["d_model"]), jnp.float32,
                             sharding=NamedSharding(mesh, P()))
    train_step.trace(model, optimizer, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

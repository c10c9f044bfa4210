import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import MLP

mesh = jax.make_mesh((2, 2), ('data', 'model'))


@nnx.jit
def train_step(model: MLP, optimizer: nnx.Optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    model = MLP(64, num_layers=6, rngs=nnx.Rngs(0), dtype=jnp.bfloat16)
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    rngs = nnx.Rngs(0)
    batch = NamedSharding(mesh, P('data', None))
    x = jax.device_put(rngs.normal((32, 64)), batch)
    y = jax.device_put(rngs.normal((32, 64)), batch)
    print(train_step.trace(model, optimizer, x, y)
          .lower(lowering_platforms=('cuda',)).as_text()[:40])

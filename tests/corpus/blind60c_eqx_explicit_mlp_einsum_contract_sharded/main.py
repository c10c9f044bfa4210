import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from models import ShardedMLP, param_specs

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
optim = optax.sgd(1e-2)


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@jax.jit
def train_step(model, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, model)
  return eqx.apply_updates(model, updates), opt_state, loss


def abstract(tree, specs):
  return jax.tree.map(
      lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, s)),
      tree, specs)


def main():
  with jax.set_mesh(mesh):
    model = eqx.filter_eval_shape(ShardedMLP, 256, 1024, key=jax.random.key(0))
    specs = param_specs(model)
    model = abstract(model, specs)
    opt_state = optim.init(model)
    x = jax.ShapeDtypeStruct((16, 256), jnp.float32, sharding=NamedSharding(mesh, P("data", None)))
    y = jax.ShapeDtypeStruct((16, 256), jnp.float32, sharding=NamedSharding(mesh, P("data", None)))
    train_step.trace(model, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

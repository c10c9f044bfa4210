import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ("data", "model"))

COLUMN = (None, "model")
ROW = ("model", None)


def column_parallel(features, name):
  return nn.Dense(
      features,
      kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), COLUMN),
      bias_init=nn.with_partitioning(nn.initializers.zeros_init(), COLUMN),
      name=name)


def row_parallel(features, name):
  return nn.Dense(
      features,
      kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ROW),
      use_bias=False,
      name=name)


class FeedForward(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(column_parallel(self.hidden, "up")(x))
    return row_parallel(x.shape[-1], "down")(h)


def main():
  model = FeedForward(hidden=4096)
  x = jax.ShapeDtypeStruct((16, 1024), jnp.float32,
                           sharding=NamedSharding(mesh, P("data", None)))
  rng = jax.random.key(0)
  abstract = jax.eval_shape(model.init, rng, x)
  param_sharding = nn.get_sharding(abstract, mesh)
  sharded_init = jax.jit(model.init, out_shardings=param_sharding)
  lowered = sharded_init.trace(rng, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()

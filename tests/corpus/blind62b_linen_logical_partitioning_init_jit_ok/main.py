import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Classifier

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
RULES = (("batch", "data"), ("embed", None), ("mlp", "model"), ("vocab", "model"))

model = Classifier(hidden=1024, depth=3, classes=512)
x_sharding = NamedSharding(mesh, P("data", None))


def init_fn(key, x):
  return model.init(key, x)


def main():
  x = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=x_sharding)
  key = jax.random.key(0)
  with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(init_fn, key, x)
    logical_spec = nn.get_partition_spec(abstract)
    var_shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
    sharded_init = jax.jit(init_fn, out_shardings=var_shardings)
    sharded_init.trace(key, x).lower(lowering_platforms=("tpu",))

    @functools.partial(jax.jit, in_shardings=(var_shardings, x_sharding),
                       out_shardings=NamedSharding(mesh, P("data", "model")))
    def logits_fn(variables, x):
      return model.apply(variables, x)

    logits_fn.trace(abstract, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Decoder

mesh = jax.make_mesh((2, 2), ("data", "model"))
rules = (("batch", "data"), ("seq", None), ("embed", None), ("mlp", "model"),
         ("layers", None))
model = Decoder(d_model=512, d_ff=2048, n_layers=6)
x_sharding = NamedSharding(mesh, P("data", None, None))


def init_fn(rng, x):
  return model.init(rng, x)


def loss_fn(params, x):
  return model.apply({"params": params}, x)


def main():
  x = jax.ShapeDtypeStruct((16, 128, 512), jnp.float32, sharding=x_sharding)
  rng = jax.random.key(0)
  with jax.set_mesh(mesh), nn.logical_axis_rules(rules):
    abstract = jax.eval_shape(init_fn, rng, x)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, rules)
    jax.jit(init_fn, out_shardings=shardings).trace(rng, x).lower(
        lowering_platforms=("tpu",))

    @partial(jax.jit, in_shardings=(shardings["params"], x_sharding),
             out_shardings=(None, shardings["params"]))
    def grad_step(params, x):
      return jax.value_and_grad(loss_fn)(params, x)

    grad_step.trace(abstract["params"], x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

from model import Decoder

# Rules copied from a 3-axis (data, fsdp, tensor) config; this job uses a 2-axis mesh.
LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('length', None),
    ('embed', None),
    ('mlp', 'tensor'),
    ('layers', None),
)


def init_fn(model, rng, x):
  return model.init(rng, x)


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
  model = Decoder(num_layers=4, d_model=64, d_ff=256)
  x = jax.ShapeDtypeStruct((8, 16, 64), jnp.float32)
  init = functools.partial(init_fn, model)

  with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract = jax.eval_shape(init, jax.random.key(0), x)
    logical_specs = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, LOGICAL_AXIS_RULES)
    jit_init = jax.jit(init, out_shardings=shardings)
    lowered = jit_init.trace(jax.random.key(0), x).lower(lowering_platforms=('tpu',))
  print(lowered.as_text()[:200])


if __name__ == '__main__':
  main()

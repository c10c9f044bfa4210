import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh

from mqa.config import Config, LOGICAL_AXIS_RULES
from mqa.layers import TinyDecoder

cfg = Config()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = TinyDecoder(cfg)
tok = jnp.zeros((cfg.batch, 1), jnp.int32)

with mesh, nn.logical_axis_rules(LOGICAL_AXIS_RULES):
  abstract = jax.eval_shape(model.init, jax.random.key(0), tok)
  logical_specs = nn.get_partition_spec(abstract)
  shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, LOGICAL_AXIS_RULES)
  tok_sharding = nn.logical_to_mesh_sharding(
      jax.sharding.PartitionSpec('activation_batch', None), mesh, LOGICAL_AXIS_RULES)

  def decode_step(variables, tok):
    logits, updates = model.apply(variables, tok, mutable=['cache'])
    return jnp.argmax(logits, -1), updates['cache']

  step = jax.jit(decode_step,
                 in_shardings=(shardings, tok_sharding),
                 out_shardings=(tok_sharding, shardings['cache']))
  step.trace(abstract, tok).lower(lowering_platforms=('tpu',))

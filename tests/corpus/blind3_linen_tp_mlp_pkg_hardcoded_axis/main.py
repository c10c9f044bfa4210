import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from tp_model import ModelConfig, TransformerMLPBlock

cfg = ModelConfig()
devices = np.array(jax.devices()).reshape(2, cfg.tp_size)
mesh = Mesh(devices, (cfg.data_axis, cfg.tensor_axis))
block = TransformerMLPBlock(cfg)


def init_local(x):
  # Every device initialises its own slice; the key is folded with the tensor index.
  rng = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index(cfg.tensor_axis))
  return block.init(rng, x)


def apply_local(variables, x):
  return block.apply(variables, x)


param_spec = P(cfg.tensor_axis)
sharded_init = jax.shard_map(init_local, mesh=mesh, in_specs=P(cfg.data_axis, None),
                             out_specs=param_spec, check_vma=False)
sharded_apply = jax.shard_map(apply_local, mesh=mesh,
                              in_specs=(param_spec, P(cfg.data_axis, None)),
                              out_specs=P(cfg.data_axis, None), check_vma=False)

x = jax.ShapeDtypeStruct((8, cfg.d_model), jnp.float32)
variables = jax.eval_shape(sharded_init, x)
lowered = jax.jit(sharded_apply).trace(variables, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:120])

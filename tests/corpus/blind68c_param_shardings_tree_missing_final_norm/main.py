import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import transformer
from partition_specs import BATCH_SPEC, PARAM_SPECS
from train import train_step

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"))
param_shardings = jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), PARAM_SPECS,
                                         is_leaf=lambda s: isinstance(s, P))
batch_sharding = NamedSharding(mesh, BATCH_SPEC)

p_train_step = jax.jit(train_step,
                       in_shardings=(param_shardings, batch_sharding),
                       out_shardings=(param_shardings, NamedSharding(mesh, P())),
                       donate_argnums=0)

params = jax.eval_shape(transformer.init, jax.random.PRNGKey(0))
tokens = jax.ShapeDtypeStruct((16, 129), jnp.int32)
p_train_step.trace(params, tokens).lower(lowering_platforms=("cuda",))

from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import MLP
from train import create_train_state, make_optimizer, train_step

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)
model = MLP(hidden=2048, out=512)
tx = make_optimizer(3e-4)
data_sharding = NamedSharding(mesh, P("data", None))
LOGICAL_RULES = (("batch", "data"), ("hidden", "model"), ("embed", None))

x = jax.ShapeDtypeStruct((128, 512), jnp.float32, sharding=data_sharding)
rng = jax.random.key(0)

abstract_state = jax.eval_shape(partial(create_train_state, model, tx), rng, x)
state_specs = nn.get_partition_spec(abstract_state)
state_sharding = nn.logical_to_mesh_sharding(state_specs, mesh, LOGICAL_RULES)

init_state = jax.jit(partial(create_train_state, model, tx), out_shardings=state_sharding)
step = jax.jit(train_step,
               in_shardings=(state_sharding, data_sharding, data_sharding),
               out_shardings=(state_sharding, None))

if __name__ == "__main__":
  init_state.trace(rng, x).lower(lowering_platforms=("tpu",))
  step.trace(abstract_state, x, x).lower(lowering_platforms=("tpu",))

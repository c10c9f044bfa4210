import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import Config, Decoder

config = Config(scan_layers=False, remat_policy="minimal")
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", config.tensor_axis))
model = Decoder(config)
x = jax.ShapeDtypeStruct((8, 32, config.emb_dim), jnp.float32)

init = jax.shard_map(lambda k, x: model.init(k, x), mesh=mesh, in_specs=(P(), P(config.data_axes)),
                     out_specs=P(), check_vma=False)
variables = jax.eval_shape(init, jax.random.key(0), x)
forward = jax.jit(jax.shard_map(lambda v, x: model.apply(v, x), mesh=mesh,
                                in_specs=(P(), P(config.data_axes)), out_specs=P(config.data_axes)))
forward.trace(variables, x).lower(lowering_platforms=("cuda",))

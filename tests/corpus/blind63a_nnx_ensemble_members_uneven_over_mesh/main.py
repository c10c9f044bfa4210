import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

import ensemble as ens

mesh = Mesh(np.array(jax.devices()), (ens.ENSEMBLE_AXIS,))

members = ens.make_ensemble(32, 128, 5)
graphdef, state = nnx.split(members)

predict = jax.jit(jax.shard_map(ens.build_predict(graphdef), mesh=mesh,
                                in_specs=(P(ens.ENSEMBLE_AXIS), P()),
                                out_specs=P()))

x = jax.ShapeDtypeStruct((256, 32), jnp.float32)
predict.trace(state, x).lower(lowering_platforms=("tpu",))

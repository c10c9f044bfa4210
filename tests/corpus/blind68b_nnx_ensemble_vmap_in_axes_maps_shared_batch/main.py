import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import ensemble
from predict import make_predict

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (ensemble.ENS_AXIS, 'data'))

members = ensemble.create_ensemble(nnx.Rngs(params=0, dropout=1))
graphdef, params, rest = nnx.split(members, nnx.Param, ...)

param_shardings = nnx.get_named_sharding(params, mesh)
rest_shardings = jax.tree.map(lambda _: NamedSharding(mesh, P()), rest)
x_sharding = NamedSharding(mesh, P())

predict = jax.jit(make_predict(graphdef),
                  in_shardings=(param_shardings, rest_shardings, x_sharding),
                  out_shardings=NamedSharding(mesh, P()))

x = jax.ShapeDtypeStruct((32, 64), jnp.float32)
predict.trace(params, rest, x).lower(lowering_platforms=('tpu',))

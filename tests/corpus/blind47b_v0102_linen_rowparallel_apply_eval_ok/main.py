import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import PARAM_SPECS as param_specs, TPMLP

mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("data", "model"))
model = TPMLP(hidden=64, out=16)

x = jnp.ones((8, 16))
# init inside shard_map: the layers' psum needs the 'model' axis bound
init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P("data", "model")), out_specs=param_specs)
variables = jax.jit(init)(jax.random.PRNGKey(0), x)


def step(variables, x):
    return model.apply(variables, x)


step = jax.shard_map(step, mesh=mesh, in_specs=(param_specs, P("data", "model")), out_specs=P("data", None))
step = jax.jit(step)

# eval on a small replicated batch: same tensor-parallel layers, so same wrapper
evaluate = jax.jit(
    jax.shard_map(model.apply, mesh=mesh, in_specs=(param_specs, P(None, "model")), out_specs=P())
)

print(step.trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(evaluate.trace(variables, x[:2]).lower(lowering_platforms=("cuda",)).as_text()[:40])

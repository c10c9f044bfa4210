import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import make_stages
from parallel.ops import send_to_next

N = 4
mesh = Mesh(jax.devices()[:N], ("stage",))
stages = make_stages(N, 64)
graphdef, state = nnx.split(stages)
# place stage i's weights on device i and let GSPMD do the rest
state = jax.device_put(state, NamedSharding(mesh, P("stage")))


@jax.jit
def pipeline_step(state, x):
    local = jax.tree.map(lambda a: a[0], state)
    stage = nnx.merge(graphdef, local)
    y = stage(x)
    return send_to_next(y, N)


x = jnp.ones((8, 64))
lowered = pipeline_step.trace(state, x).lower(lowering_platforms=("cuda",))
print(len(lowered.as_text()) > 0)

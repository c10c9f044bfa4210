import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import ParallelMLP

# 2-D mesh: data parallel x tensor parallel ("tp" matches the launcher config)
mesh = jax.make_mesh((2, 2), ("dp", "tp"), axis_types=(AxisType.Auto, AxisType.Auto))
mlp = ParallelMLP(32, 128, rngs=nnx.Rngs(0))

state_spec = nnx.StateSharding({
    nnx.PathContains("up"): P(None, "tp"),
    nnx.PathContains("down"): P("tp", None),
})


@nnx.shard_map(mesh=mesh, in_specs=(state_spec, P("dp")), out_specs=P("dp"))
def forward(m, x):
    return m(x)


@nnx.jit
def step(m, x):
    return jnp.mean(forward(m, x) ** 2)


x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("dp")))
print(step.trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()[:40])

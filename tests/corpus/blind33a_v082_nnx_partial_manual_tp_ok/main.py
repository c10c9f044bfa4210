import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


class RowParallelMLP(nnx.Module):
    def __init__(self, d, h, rngs):
        self.up = nnx.Linear(d, h, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(h, d, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return jax.lax.psum(self.down(nnx.relu(self.up(x))), "model")


mlp = RowParallelMLP(32, 128, nnx.Rngs(0))
tp_spec = nnx.StateSharding({nnx.PathContains("up"): P(None, "model"),
                             nnx.PathContains("down"): P("model", None)})


def tp_forward(m, x):
    return m(x)


tp_forward = nnx.shard_map(tp_forward, mesh=mesh, in_specs=(tp_spec, P()), out_specs=P(),
                           axis_names={"model"})


@nnx.jit
def loss(m, x):
    y = tp_forward(m, x)  # 'data' stays automatic (GSPMD) outside the manual 'model' axis
    return jnp.mean(y**2)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("data")))
    print(loss.trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()[:20])

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
        self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return self.linear2(jax.nn.relu(self.linear1(x)))


mesh = jax.make_mesh((4,), ("model",), axis_types=(AxisType.Auto,))
m = MLP(2, 64, 3, rngs=nnx.Rngs(0))
x = jnp.ones((32, 2))

model_spec = nnx.StateSharding(
    nnx.State({"linear1": {"kernel": P(None, "model")}, "linear2": {"kernel": P("model", None)}})
)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None), check_vma=False)
def f(m, x):
    return m(x)


lowered = f.trace(m, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:30])

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


mesh = jax.make_mesh((4,), ("dp",), axis_types=(AxisType.Auto,))
model = Net(nnx.Rngs(0))


def local_sgd_step(model, x, step):
    """Local SGD: every 4th step average the loss-grads across replicas."""
    grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(model)

    def sync(g):
        return lax.pmean(g, "dp")

    def no_sync(g):
        return g

    grads = nnx.to_pure_dict(grads)
    grads = nnx.cond(step % 4 == 0, sync, no_sync, grads)
    return grads


step_fn = nnx.shard_map(local_sgd_step, mesh=mesh,
                        in_specs=(P(), P("dp"), P()), out_specs=P())
x = jnp.ones((16, 8))
lowered = jax.jit(step_fn).trace(model, x, jnp.int32(3)).lower(lowering_platforms=("cuda",))
print("ok")

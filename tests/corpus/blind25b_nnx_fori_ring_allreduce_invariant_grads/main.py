import functools
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

AXIS = "ring"
N = 4


class RingAllReduce(nnx.Module):
    """Bidirectional-free ring all-reduce used for gradient sync."""

    def __init__(self, axis_name: str, size: int):
        self.axis_name = axis_name
        self.size = size

    def __call__(self, x):
        perm = [(j, (j + 1) % self.size) for j in range(self.size)]

        def body(i, carry):
            acc, chunk = carry
            chunk = jax.lax.ppermute(chunk, self.axis_name, perm)
            return acc + chunk, chunk

        acc, _ = nnx.fori_loop(1, self.size, body, (x, x))
        return acc


class Trainer(nnx.Module):
    def __init__(self, rngs):
        self.model = nnx.Linear(8, 8, rngs=rngs)
        self.reducer = RingAllReduce(AXIS, N)


mesh = jax.make_mesh((N,), (AXIS,), axis_types=(AxisType.Auto,))
trainer = Trainer(nnx.Rngs(0))


@functools.partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(AXIS))
def grad_step(trainer, x):
    g = nnx.grad(lambda m: jnp.sum(m(x)))(trainer.model)
    flat = jnp.concatenate([g["kernel"][...].ravel(), g["bias"][...].ravel()])
    return trainer.reducer(flat)[None]


lowered = nnx.jit(grad_step).lower(trainer, jnp.ones((8, 8)))
print(type(lowered).__name__)

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'cuda'


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return comm.communicate(h)


def identity(model, x):
    return x


def local_only(model, x):
    return model.linear(x)


def with_comm(model, x):
    return model(x)


BRANCHES = [identity, local_only, with_comm]


def step(model, x, branch):
    return nnx.switch(branch, BRANCHES, model, x)


mesh = jax.make_mesh((4,), ('d',))
model = Model(nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
branch = jnp.array(2, jnp.int32)
lowered = jax.jit(step).trace(model, x, branch).lower(lowering_platforms=(PLAT,))

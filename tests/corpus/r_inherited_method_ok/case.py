import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Layer:
    axis_name = "tp"

    def all_reduce(self, x):
        return jax.lax.psum(x, self.axis_name)


class RowParallelLinear(Layer):
    def __call__(self, w, x):
        return self.all_reduce(x @ w)


mesh = Mesh(np.array(jax.devices()), (Layer.axis_name,))


def run(w, x):
    layer = RowParallelLinear()
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("tp"), P(None, "tp")), out_specs=P())(w, x)


ARGS = (jax.ShapeDtypeStruct((32, 16), jnp.float32), jax.ShapeDtypeStruct((4, 32), jnp.float32))

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

MEGATRON = {"tp_axis": "tensor"}


class RowParallel(eqx.Module):
    weight: jax.Array
    axis_name: str = "model"

    def __call__(self, x):
        return lax.psum(x @ self.weight, self.axis_name)


mesh = Mesh(np.array(jax.devices()), ("model",))
model = RowParallel(jnp.ones((64, 16)))
model = eqx.tree_at(lambda m: m.axis_name, model, MEGATRON["tp_axis"])


@eqx.filter_jit
def forward(weight, x):
    return jax.shard_map(
        lambda w, x: eqx.tree_at(lambda m: m.weight, model, w)(x),
        mesh=mesh,
        in_specs=(P("model", None), P(None, "model")),
        out_specs=P(),
    )(weight, x)


forward.lower(model.weight, jnp.ones((8, 64)))

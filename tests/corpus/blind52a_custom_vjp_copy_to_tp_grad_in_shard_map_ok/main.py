import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from tp import TP_AXIS, column_parallel_loss

mesh = jax.make_mesh((4,), (TP_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))


def input_grad(params, x):
    return jax.grad(lambda x_: column_parallel_loss(params, x_).sum())(x)


grad_fn = jax.jit(jax.shard_map(input_grad, mesh=mesh,
                                in_specs=([P(None, TP_AXIS)], P()),
                                out_specs=P(), check_vma=False))
params = [jnp.ones((16, 32)) * 0.1]
x = jnp.ones((8, 16))
print(grad_fn.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])

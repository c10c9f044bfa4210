import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import send_forward

mesh = Mesh(np.array(jax.devices()), ("pp",))


@partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["axis", "n"])
@dataclasses.dataclass
class Stage:
    w: jax.Array
    b: jax.Array
    axis: str
    n: int

    def __call__(self, x):
        return send_forward(jax.nn.gelu(x @ self.w + self.b), self.axis, self.n)


n = mesh.shape["pp"]
stages = Stage(jnp.zeros((n, 16, 16)), jnp.zeros((n, 16)), "pp", n)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("pp"), P()), out_specs=P("pp"), check_vma=False)
def pipeline(stage, x):
    stage = jax.tree.map(lambda a: a[0], stage)
    return stage(x)[None]


x = jnp.zeros((4, 16))
print(jax.jit(pipeline).trace(stages, x).lower(lowering_platforms=("cuda",)).as_text()[:100])

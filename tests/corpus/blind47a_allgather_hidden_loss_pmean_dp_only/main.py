from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class TPClassifier(nn.Module):
    hidden: int
    classes: int = 8
    axis_name: str | None = None

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden, name='hidden')(x)
        h = nn.gelu(h)
        if self.axis_name is not None:
            h = lax.all_gather(h, self.axis_name, axis=-1, tiled=True)
        return nn.Dense(self.classes, name='head')(h)


def spec_for(path, leaf):
    name = jax.tree_util.keystr(path)
    if "['hidden']['kernel']" in name:
        return P(None, 'tp')
    if "['hidden']['bias']" in name:
        return P('tp')
    return P()


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'tp'))
HIDDEN = 256

variables = TPClassifier(HIDDEN).init(jax.random.key(0), jnp.ones((1, 48)))
specs = jax.tree_util.tree_map_with_path(spec_for, variables)
local = TPClassifier(HIDDEN // mesh.shape['tp'], axis_name='tp')


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P('dp'), P('dp')), out_specs=P())
def loss_fn(variables, x, y):
    logits = local.apply(variables, x)
    loss = jnp.mean((logits - y) ** 2)
    return lax.pmean(loss, 'dp')


x = jnp.ones((32, 48))
y = jnp.zeros((32, 8))
print(loss_fn.trace(variables, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])

import re

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as PS

mesh = jax.make_mesh((1, 2, 2), ("dp", "fsdp", "tp"))


def get_partition_rules():
    return (
        ("embed_tokens/embedding", PS("tp", ("fsdp", "sp"))),
        ("self_attn/(q_proj|k_proj|v_proj)/kernel", PS(("fsdp", "sp"), "tp")),
        ("self_attn/o_proj/kernel", PS("tp", ("fsdp", "sp"))),
        ("mlp/(gate_proj|up_proj)/kernel", PS(("fsdp", "sp"), "tp")),
        ("mlp/down_proj/kernel", PS("tp", ("fsdp", "sp"))),
        (".*", PS()),
    )


def match_partition_rules(rules, tree):
    def get_spec(path, leaf):
        name = "/".join(str(getattr(p, "key", p)) for p in path)
        for rule, spec in rules:
            if re.search(rule, name):
                return spec
        return PS()

    return jax.tree_util.tree_map_with_path(get_spec, tree)


def init_params(key):
    ks = jax.random.split(key, 6)
    d, f, v = 64, 128, 256
    n = lambda k, s: jax.random.normal(k, s, jnp.bfloat16) * 0.02
    return {
        "embed_tokens": {"embedding": n(ks[0], (v, d))},
        "self_attn": {
            "q_proj": {"kernel": n(ks[1], (d, d))},
            "k_proj": {"kernel": n(ks[2], (d, d))},
            "v_proj": {"kernel": n(ks[3], (d, d))},
            "o_proj": {"kernel": n(ks[4], (d, d))},
        },
        "mlp": {"down_proj": {"kernel": n(ks[5], (f, d))}},
    }


shapes = jax.eval_shape(init_params, jax.random.key(0))
specs = match_partition_rules(get_partition_rules(), shapes)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs, is_leaf=lambda x: isinstance(x, PS))
sharded_init = jax.jit(init_params, out_shardings=shardings)
print(sharded_init.trace(jax.random.key(0)).lower(lowering_platforms=("cuda",)).as_text()[:20])

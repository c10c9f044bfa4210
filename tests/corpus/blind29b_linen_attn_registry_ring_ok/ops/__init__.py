"""Attention implementations, picked by a config string (EasyDeL/MaxText style)."""
from .attention import dot_product_attention, ring_attention

ATTENTION_IMPLS = {
    "dot": dot_product_attention,
    "vanilla": dot_product_attention,
    "ring": ring_attention,
}


def get_attention_impl(name):
    try:
        return ATTENTION_IMPLS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown attention {name!r}; have {sorted(ATTENTION_IMPLS)}")
